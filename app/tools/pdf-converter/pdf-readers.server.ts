/**
 * For tests: what independent readers find in the engine's output. qpdf
 * (Debian's `qpdf` package) counts pages and reads each page's /Rotate;
 * poppler-utils (`pdftotext`, `pdfinfo`, `pdftoppm`) reads text and
 * metadata and renders pages; `unzip` lists archives. A missing tool fails
 * the test with the package to install, never a silent pass.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const PACKAGES: Record<string, string> = { qpdf: 'qpdf', pdftotext: 'poppler-utils', pdfinfo: 'poppler-utils', pdftoppm: 'poppler-utils', unzip: 'unzip' }

/** Throws, naming the Debian package, when `tool` is not installed. */
export function requireTool(tool: keyof typeof PACKAGES | string): void {
	if (spawnSync(tool, ['-v']).error) throw new Error(`${tool} is not installed: apt-get install ${PACKAGES[tool] ?? tool}`)
}

/** Runs `work` with `data` written to a temporary file. */
function withFile<T>(data: Uint8Array, extension: string, work: (file: string) => T): T {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-read-'))
	const file = path.join(dir, `input${extension}`)
	fs.writeFileSync(file, data)
	try {
		return work(file)
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

function run(tool: string, args: Array<string>): string {
	requireTool(tool)
	return execFileSync(tool, args, { maxBuffer: 256 * 1024 * 1024, timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] }).toString('utf8')
}

/** `qpdf --show-npages`. */
export function qpdfPageCount(pdf: Uint8Array): number {
	return withFile(pdf, '.pdf', (file) => Number(run('qpdf', ['--show-npages', file]).trim()))
}

/** `qpdf --check` passes (exit 0; 3 is warnings, which qpdf could repair). */
export function qpdfCheck(pdf: Uint8Array): { ok: boolean; output: string } {
	requireTool('qpdf')
	return withFile(pdf, '.pdf', (file) => {
		const result = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' })
		return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` }
	})
}

/** Each page's /Rotate (0 when none), as `qpdf --json` reports them. */
export function qpdfRotations(pdf: Uint8Array): Array<number> {
	return withFile(pdf, '.pdf', (file) => {
		const json = JSON.parse(run('qpdf', ['--json=1', '--json-key=pages', '--json-key=objects', file])) as {
			pages: Array<{ object: string }>
			objects: Record<string, { '/Rotate'?: number; '/Parent'?: string } | undefined>
		}
		// /Rotate is inheritable: read it up the tree when the page has none.
		return json.pages.map(({ object }) => {
			let node = json.objects[object]
			while (node) {
				if (typeof node['/Rotate'] === 'number') return ((node['/Rotate'] % 360) + 360) % 360
				node = node['/Parent'] ? json.objects[node['/Parent']] : undefined
			}
			return 0
		})
	})
}

/** `pdftotext -layout`-free text of the document (pages end with \f). */
export function pdftotext(pdf: Uint8Array, args: Array<string> = []): string {
	return withFile(pdf, '.pdf', (file) => run('pdftotext', [...args, file, '-']))
}

/** The fields `pdfinfo` prints (Title, Author, Pages…). */
export function pdfinfo(pdf: Uint8Array): Record<string, string> {
	return withFile(pdf, '.pdf', (file) => {
		const fields: Record<string, string> = {}
		for (const line of run('pdfinfo', [file]).split('\n')) {
			const match = /^([^:]+):\s*(.*)$/.exec(line)
			if (match) fields[match[1]!.trim()] = match[2]!.trim()
		}
		return fields
	})
}

/** The pixel size of each page `pdftoppm -r dpi -png` renders. */
export function pdftoppmSizes(pdf: Uint8Array, dpi: number, pages?: { first: number; last: number }): Array<{ width: number; height: number }> {
	return withFile(pdf, '.pdf', (file) => {
		const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : []
		run('pdftoppm', ['-r', String(dpi), '-png', ...range, file, path.join(path.dirname(file), 'page')])
		return fs
			.readdirSync(path.dirname(file))
			.filter((name) => name.startsWith('page') && name.endsWith('.png'))
			.sort()
			.map((name) => pngSize(fs.readFileSync(path.join(path.dirname(file), name))))
	})
}

/** A PNG's size from its header, and whether it is one. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
	const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
	if (view.getUint32(0) !== 0x89504e47) throw new Error('not a PNG')
	return { width: view.getUint32(16), height: view.getUint32(20) }
}

/** The entries `unzip -l` lists. */
export function unzipList(zip: Uint8Array): Array<string> {
	return withFile(zip, '.zip', (file) =>
		run('unzip', ['-Z1', file])
			.split('\n')
			.map((line) => line.trim())
			.filter(Boolean),
	)
}

/** One entry's bytes, as `unzip -p` extracts it. */
export function unzipEntry(zip: Uint8Array, name: string): Uint8Array {
	return withFile(zip, '.zip', (file) => {
		requireTool('unzip')
		return new Uint8Array(execFileSync('unzip', ['-p', file, name], { maxBuffer: 256 * 1024 * 1024 }))
	})
}

/** A qpdf-encrypted copy of `pdf` (AES-256): with a user password, or with only an owner password (opens without one). */
export function qpdfEncrypt(pdf: Uint8Array, { user, owner }: { user: string; owner: string }): Uint8Array {
	return withFile(pdf, '.pdf', (file) => {
		const out = `${file}.encrypted.pdf`
		run('qpdf', ['--encrypt', user, owner, '256', '--', file, out])
		return new Uint8Array(fs.readFileSync(out))
	})
}

/** `qpdf --empty --pages a.pdf b.pdf … -- out.pdf`: the reference merge, for the benchmark. */
export function qpdfMergeFiles(files: Array<string>, out: string): void {
	run('qpdf', ['--empty', '--pages', ...files, '--', out])
}

/** A page as `pdftoppm -r dpi -ppm` renders it: RGB bytes, row by row. */
export function pdftoppmPixels(pdf: Uint8Array, dpi: number, page = 1): { width: number; height: number; rgb: Uint8Array } {
	return withFile(pdf, '.pdf', (file) => {
		requireTool('pdftoppm')
		const ppm = execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file], { maxBuffer: 512 * 1024 * 1024 })
		// P6 <width> <height> <max>\n then the bytes.
		const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))
		if (!header) throw new Error('pdftoppm did not write a PPM')
		return { width: Number(header[1]), height: Number(header[2]), rgb: new Uint8Array(ppm.subarray(header[0].length)) }
	})
}

/** Every object of the file with its streams uncompressed (`qpdf --qdf --object-streams=disable`), as text. */
export function qpdfUncompressed(pdf: Uint8Array): string {
	return withFile(pdf, '.pdf', (file) => {
		const out = `${file}.qdf.pdf`
		run('qpdf', ['--qdf', '--object-streams=disable', file, out])
		return fs.readFileSync(out).toString('latin1')
	})
}
