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

/** A copy of `pdf` that opens without a password (the user password is empty) but whose owner password forbids every change: editing, annotating, filling forms, assembling (`qpdf --encrypt "" owner 256 --modify=none --annotate=n`). */
export function restrictedPdf(pdf: Uint8Array, owner = 'owner'): Uint8Array {
	return withFile(pdf, '.pdf', (file) => {
		const out = `${file}.restricted.pdf`
		run('qpdf', ['--encrypt', '', owner, '256', '--modify=none', '--annotate=n', '--', file, out])
		return new Uint8Array(fs.readFileSync(out))
	})
}

/** `qpdf --show-encryption`: each "… : allowed / not allowed" line as a flag ("modify annotations" → false), and the raw text. */
export function qpdfEncryption(pdf: Uint8Array): { permissions: Record<string, boolean>; output: string } {
	return withFile(pdf, '.pdf', (file) => {
		const output = run('qpdf', ['--show-encryption', file])
		const permissions: Record<string, boolean> = {}
		for (const line of output.split('\n')) {
			const match = /^(.+?):\s*(allowed|not allowed)\s*$/.exec(line)
			if (match) permissions[match[1]!.trim()] = match[2] === 'allowed'
		}
		return { permissions, output }
	})
}

/**
 * qpdf's JSON v2 (`--json=2 --json-key=pages --json-key=qpdf`): every
 * object by its reference ("12 0 R"), decoded by qpdf (and decrypted with
 * the empty user password). In it a name is "/Name", a reference "12 0 R",
 * a string "u:text" (qpdf decoded it) or "b:hex" (bytes), and a stream
 * {stream: {dict}} (its data left out).
 */
type QpdfJson = { pages: Array<{ object: string; pageposfrom1: number }>; qpdf: [unknown, Record<string, { value?: unknown; stream?: { dict: unknown } }>] }

type QpdfValue = string | number | boolean | null | Array<QpdfValue> | { [key: string]: QpdfValue }
type QpdfDict = { [key: string]: QpdfValue }

/** One document's objects as qpdf reads them, with reference resolution. */
class QpdfObjects {
	readonly pages: Array<string>
	readonly trailer: QpdfDict
	private readonly objects: QpdfJson['qpdf'][1]

	constructor(pdf: Uint8Array) {
		const json = withFile(pdf, '.pdf', (file) => JSON.parse(run('qpdf', ['--json=2', '--json-key=pages', '--json-key=qpdf', file])) as QpdfJson)
		this.objects = json.qpdf[1]
		this.pages = [...json.pages].sort((a, b) => a.pageposfrom1 - b.pageposfrom1).map((page) => page.object)
		this.trailer = (this.objects.trailer?.value ?? {}) as QpdfDict
	}

	/** The value behind a reference (a stream's dictionary), or the value itself. */
	resolve(value: QpdfValue | undefined): QpdfValue | undefined {
		if (typeof value === 'string' && isRef(value)) {
			const object = this.objects[`obj:${value}`]
			return (object?.value ?? object?.stream?.dict ?? null) as QpdfValue
		}
		return value
	}

	dict(value: QpdfValue | undefined): QpdfDict | null {
		const resolved = this.resolve(value)
		return resolved && typeof resolved === 'object' && !Array.isArray(resolved) ? resolved : null
	}

	array(value: QpdfValue | undefined): Array<QpdfValue> {
		const resolved = this.resolve(value)
		return Array.isArray(resolved) ? resolved : []
	}

	number(value: QpdfValue | undefined): number | null {
		const resolved = this.resolve(value)
		return typeof resolved === 'number' ? resolved : null
	}

	string(value: QpdfValue | undefined): string | null {
		const resolved = this.resolve(value)
		return typeof resolved === 'string' ? decodeQpdfString(resolved) : null
	}

	/** A page attribute, inherited from the page tree when the page has none (/MediaBox, /CropBox, /Rotate, /Resources). */
	inherited(page: string, key: string): QpdfValue | undefined {
		const seen = new Set<string>()
		let ref: QpdfValue | undefined = page
		while (typeof ref === 'string' && !seen.has(ref)) {
			seen.add(ref)
			const node = this.dict(ref)
			if (!node) return undefined
			if (node[key] !== undefined) return node[key]
			ref = node['/Parent']
		}
		return undefined
	}

	rect(value: QpdfValue | undefined): [number, number, number, number] | null {
		const numbers = this.array(value).map((item) => this.number(item))
		if (numbers.length !== 4 || numbers.some((item) => item === null)) return null
		const [a, b, c, d] = numbers as [number, number, number, number]
		return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)]
	}
}

function isRef(value: string): boolean {
	return /^\d+ \d+ R$/.test(value)
}

/** A qpdf JSON v2 string's text: "u:" is text already; "b:" is hex bytes (UTF-16BE or UTF-8 after a byte-order mark, else PDFDocEncoding, read as Latin-1). */
function decodeQpdfString(value: string): string | null {
	if (value.startsWith('u:')) return value.slice(2)
	if (!value.startsWith('b:')) return null
	const bytes = Buffer.from(value.slice(2), 'hex')
	if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
	if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder().decode(bytes.subarray(3))
	return bytes.toString('latin1')
}

/** The form's fields as `qpdf --json --json-key=acroform` lists them (one per widget: full name, value, 1-based page); throws when qpdf cannot read the form. */
export function qpdfFormFields(pdf: Uint8Array): Array<{ name: string; value: unknown; page: number }> {
	return withFile(pdf, '.pdf', (file) => {
		const json = JSON.parse(run('qpdf', ['--json=2', '--json-key=acroform', file])) as { acroform: { fields: Array<{ fullname: string; value: unknown; pageposfrom1: number }> } }
		return json.acroform.fields.map((field) => ({ name: field.fullname, value: field.value, page: field.pageposfrom1 }))
	})
}

/**
 * Each page's link annotations (1-based page) and where each goes: the 1-based page its explicit
 * destination (`/Dest`, or a GoTo action's `/D`) names, `'none'` without one, or `'not-a-page'`
 * when it names an object that is not a page of the document (a dangling link).
 */
export function qpdfLinkTargets(pdf: Uint8Array): Array<{ page: number; target: number | 'none' | 'not-a-page' }> {
	const objects = new QpdfObjects(pdf)
	const links: Array<{ page: number; target: number | 'none' | 'not-a-page' }> = []
	objects.pages.forEach((page, index) => {
		for (const item of objects.array(objects.dict(page)?.['/Annots'])) {
			const annotation = objects.dict(item)
			if (annotation?.['/Subtype'] !== '/Link') continue
			const action = objects.dict(annotation['/A'])
			const destination = objects.array(annotation['/Dest'] ?? (action?.['/S'] === '/GoTo' ? action['/D'] : undefined))
			const first = destination[0]
			const target = typeof first === 'string' ? objects.pages.indexOf(first) : -2
			links.push({ page: index + 1, target: target >= 0 ? target + 1 : target === -2 ? 'none' : 'not-a-page' })
		}
	})
	return links
}

/** Each page's /MediaBox and /CropBox (inherited, normalized; the crop box defaults to the media box) and /Rotate (0, 90, 180 or 270). */
export function qpdfPageBoxes(pdf: Uint8Array): Array<{ mediaBox: [number, number, number, number]; cropBox: [number, number, number, number]; rotate: number }> {
	const objects = new QpdfObjects(pdf)
	return objects.pages.map((page) => pageBox(objects, page))
}

function pageBox(objects: QpdfObjects, page: string): { mediaBox: [number, number, number, number]; cropBox: [number, number, number, number]; rotate: number } {
	const mediaBox = objects.rect(objects.inherited(page, '/MediaBox')) ?? [0, 0, 612, 792]
	const cropBox = objects.rect(objects.inherited(page, '/CropBox')) ?? mediaBox
	const rotate = objects.number(objects.inherited(page, '/Rotate')) ?? 0
	return { mediaBox, cropBox, rotate: ((rotate % 360) + 360) % 360 }
}

export type AnnotationRecord = {
	/** 1-based. */
	page: number
	/** 'Highlight', 'FreeText', 'Ink', 'Stamp', 'Popup'… (the /Subtype without its slash). */
	subtype: string
	/** /Rect in PDF points, normalized: x1 < x2, y1 < y2. */
	rect: [number, number, number, number]
	contents: string | null
	/** The /IT intent without its slash: pdf.js saves a free-hand highlight as an Ink annotation with /IT /InkHighlight. */
	intent: string | null
	/** The alternate text: the annotation's own /Alt, else the /Alt of the structure element it is tagged with. */
	alt: string | null
}

/**
 * Every annotation of every page, in /Annots order, as qpdf reads the file.
 *
 * Alternate text lives in the structure tree, not in the annotation: pdf.js
 * (5.6, StructTreeRoot.#writeKids in pdf.worker.mjs) saves a stamp's alt
 * text as a new /Figure struct element with /Alt, whose /K is an object
 * reference << /Type /OBJR /Pg page /Obj annotation >>, and gives the
 * annotation a /StructParent n with n → that element in the /ParentTree's
 * /Nums. Either link is enough here: a struct element with an OBJR kid
 * naming the annotation, or the annotation's /StructParent looked up in the
 * parent tree (a number tree: /Nums pairs, /Kids subtrees).
 */
export function qpdfAnnotations(pdf: Uint8Array): Array<AnnotationRecord> {
	const objects = new QpdfObjects(pdf)
	const root = objects.dict(objects.trailer['/Root'])
	const structTree = objects.dict(root?.['/StructTreeRoot'])
	const altByObject = structTree ? structAltsByObject(objects, structTree) : new Map<string, string>()
	const parentTree = structTree ? numberTree(objects, structTree['/ParentTree']) : new Map<number, QpdfValue>()
	const records: Array<AnnotationRecord> = []
	objects.pages.forEach((page, index) => {
		for (const item of objects.array(objects.dict(page)?.['/Annots'])) {
			const annotation = objects.dict(item)
			if (!annotation) continue
			const subtype = typeof annotation['/Subtype'] === 'string' ? annotation['/Subtype'].replace(/^\//, '') : ''
			let alt = objects.string(annotation['/Alt'])
			if (alt === null && typeof item === 'string') alt = altByObject.get(item) ?? null
			const structParent = objects.number(annotation['/StructParent'])
			if (alt === null && structParent !== null) alt = objects.string(objects.dict(parentTree.get(structParent))?.['/Alt'])
			const intent = typeof annotation['/IT'] === 'string' ? annotation['/IT'].replace(/^\//, '') : null
			records.push({ page: index + 1, subtype, rect: objects.rect(annotation['/Rect']) ?? [0, 0, 0, 0], contents: objects.string(annotation['/Contents']), intent, alt })
		}
	})
	return records
}

/** The /Alt of each struct element that has an OBJR kid, by the OBJR's /Obj reference (the whole tree walked once, each object once). */
function structAltsByObject(objects: QpdfObjects, structTree: QpdfDict): Map<string, string> {
	const alts = new Map<string, string>()
	const seen = new Set<string>()
	const visit = (value: QpdfValue | undefined, parentAlt: string | null): void => {
		if (typeof value === 'string' && isRef(value)) {
			if (seen.has(value)) return
			seen.add(value)
		}
		const resolved = objects.resolve(value)
		if (Array.isArray(resolved)) {
			for (const kid of resolved) visit(kid, parentAlt)
			return
		}
		const node = objects.dict(resolved)
		if (!node) return
		if (node['/Type'] === '/OBJR') {
			if (parentAlt !== null && typeof node['/Obj'] === 'string' && !alts.has(node['/Obj'])) alts.set(node['/Obj'], parentAlt)
			return
		}
		// An element's own /Alt describes its OBJR kids; one without lets none through from above (an /Alt covers its content, not other elements').
		visit(node['/K'], objects.string(node['/Alt']))
	}
	visit(structTree['/K'], null)
	return alts
}

/** A number tree's entries (/Nums pairs, /Kids subtrees), values unresolved. */
function numberTree(objects: QpdfObjects, tree: QpdfValue | undefined): Map<number, QpdfValue> {
	const entries = new Map<number, QpdfValue>()
	const seen = new Set<string>()
	const visit = (value: QpdfValue | undefined): void => {
		if (typeof value === 'string' && isRef(value)) {
			if (seen.has(value)) return
			seen.add(value)
		}
		const node = objects.dict(value)
		if (!node) return
		const nums = objects.array(node['/Nums'])
		for (let index = 0; index + 1 < nums.length; index += 2) {
			const key = objects.number(nums[index])
			if (key !== null) entries.set(key, nums[index + 1]!)
		}
		for (const kid of objects.array(node['/Kids'])) visit(kid)
	}
	visit(tree)
	return entries
}

/**
 * The fraction (0–1) of a page's pixels inside `rect` (PDF points, origin
 * bottom-left, as in /Rect) that are not near-white, as `pdftoppm -gray`
 * renders the page at `dpi`: whether an ink stroke or a highlight shows
 * where it was drawn, and that nothing shows elsewhere. A pixel counts when
 * its grey is below `threshold` (of 255; yellow is 226, so a highlight
 * counts). The page's crop box and /Rotate are applied as pdftoppm applies
 * them. Annotations are drawn (pdftoppm draws their appearance streams).
 */
export function inkPixels(pdf: Uint8Array, page: number, rect: [number, number, number, number], { dpi = 72, threshold = 240 }: { dpi?: number; threshold?: number } = {}): number {
	const objects = new QpdfObjects(pdf)
	const pageRef = objects.pages[page - 1]
	if (!pageRef) throw new Error(`the PDF has no page ${page}`)
	const { cropBox, rotate } = pageBox(objects, pageRef)
	const image = withFile(pdf, '.pdf', (file) => {
		requireTool('pdftoppm')
		const pgm = execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file], { maxBuffer: 512 * 1024 * 1024 })
		// P5 <width> <height> <max>\n then one byte a pixel.
		const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'))
		if (!header) throw new Error('pdftoppm did not write a PGM')
		return { width: Number(header[1]), height: Number(header[2]), gray: pgm.subarray(header[0].length) }
	})
	const scale = dpi / 72
	const width = cropBox[2] - cropBox[0]
	const height = cropBox[3] - cropBox[1]
	// A point of the page (relative to the crop box) → pixel coordinates from the top-left, in the rotated picture.
	const toPixel = (x: number, y: number): [number, number] => {
		const u = x - cropBox[0]
		const v = y - cropBox[1]
		if (rotate === 90) return [v * scale, u * scale]
		if (rotate === 180) return [(width - u) * scale, v * scale]
		if (rotate === 270) return [(height - v) * scale, (width - u) * scale]
		return [u * scale, (height - v) * scale]
	}
	const corners = [toPixel(rect[0], rect[1]), toPixel(rect[2], rect[3])]
	const left = Math.max(0, Math.floor(Math.min(corners[0]![0], corners[1]![0])))
	const right = Math.min(image.width, Math.ceil(Math.max(corners[0]![0], corners[1]![0])))
	const top = Math.max(0, Math.floor(Math.min(corners[0]![1], corners[1]![1])))
	const bottom = Math.min(image.height, Math.ceil(Math.max(corners[0]![1], corners[1]![1])))
	if (right <= left || bottom <= top) return 0
	let inked = 0
	for (let row = top; row < bottom; row++) {
		for (let column = left; column < right; column++) if (image.gray[row * image.width + column]! < threshold) inked++
	}
	return inked / ((right - left) * (bottom - top))
}
