/**
 * For tests: encrypted, owner-restricted and slightly broken PDFs, made
 * with qpdf from the tests' own documents, and what qpdf and poppler say
 * about the engine's results (encrypted or not, with which cipher, the text
 * behind a password). A missing tool fails the test, naming the package.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { requireTool } from './pdf-readers.server.ts'

function inTempDir<T>(work: (dir: string) => T): T {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-locked-'))
	try {
		return work(dir)
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

function qpdf(args: Array<string>): { status: number | null; output: string } {
	requireTool('qpdf')
	const result = spawnSync('qpdf', args, { encoding: 'utf8', timeout: 60_000 })
	return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

export type Cipher = 'aes-256' | 'rc4-128'

/**
 * `qpdf --encrypt user owner …`: AES-256 (R6) or RC4-128 (R3). An empty
 * `user` password makes an owner-restricted file (it opens without a
 * password); `restrict` are qpdf's flags (`--print=none`, `--modify=none`…).
 */
export function encryptPdf(pdf: Uint8Array, { user, owner, cipher = 'aes-256', restrict = [] }: { user: string; owner: string; cipher?: Cipher; restrict?: Array<string> }): Uint8Array {
	return inTempDir((dir) => {
		const input = path.join(dir, 'in.pdf')
		const output = path.join(dir, 'out.pdf')
		fs.writeFileSync(input, pdf)
		const bits = cipher === 'aes-256' ? ['256'] : ['128', '--use-aes=n']
		const result = qpdf([...(cipher === 'aes-256' ? [] : ['--allow-weak-crypto']), '--encrypt', user, owner, ...bits, ...restrict, '--', input, output])
		if (result.status !== 0) throw new Error(`qpdf --encrypt failed: ${result.output}`)
		return new Uint8Array(fs.readFileSync(output))
	})
}

/**
 * The document with a classic cross-reference table (no object streams) in
 * which the entry of the first page object points into the digits of the
 * document information's /CreationDate (pdf-lib writes one): qpdf and
 * poppler find the object anyway (they warn and scan), pdf.js cannot read
 * the page. (An entry a few bytes off, or at another object, or at an
 * `N 0 R`, pdf.js recovers from.) In an encrypted file the dates are hex
 * strings: the entry points 40 bytes off, and pdf.js then refuses the password.
 * An encrypted `pdf` stays encrypted (qpdf opens it with `password`).
 */
export function brokenXrefPdf(pdf: Uint8Array, password?: string, shift: (offset: number, objects: string) => number = (offset, objects) => (objects.includes('/CreationDate (D:') ? objects.indexOf('/CreationDate (D:') + 24 : offset + 40)): Uint8Array {
	const plain = inTempDir((dir) => {
		const input = path.join(dir, 'in.pdf')
		const output = path.join(dir, 'out.pdf')
		fs.writeFileSync(input, pdf)
		const result = qpdf(['--object-streams=disable', '--compress-streams=n', ...(password === undefined ? [] : [`--password=${password}`]), input, output])
		if (result.status !== 0) throw new Error(`qpdf failed: ${result.output}`)
		return fs.readFileSync(output, 'latin1')
	})
	// qpdf writes each object as `N 0 obj`, its dictionary on the next line.
	const page = /(?:^|\n)((\d+) 0 obj\n<<[^\n]*\/Type \/Page\b(?!s))/.exec(plain)
	if (!page) throw new Error('no page object')
	const number = Number(page[2])
	const objectAt = page.index + page[0].indexOf(page[1]!)
	const xrefAt = plain.lastIndexOf('\nxref\n') + 1
	const entryAt = plain.indexOf('\n', plain.indexOf('\n', xrefAt) + 1) + 1 + number * 20
	const offset = Number(plain.slice(entryAt, entryAt + 10))
	if (offset !== objectAt) throw new Error(`xref entry ${number} is ${offset}, the object is at ${objectAt}`)
	const broken = `${plain.slice(0, entryAt)}${String(shift(offset, plain)).padStart(10, '0')}${plain.slice(entryAt + 10)}`
	return new Uint8Array(Buffer.from(broken, 'latin1'))
}

/** `qpdf --is-encrypted`: exit 0 when encrypted, 2 when not. */
export function qpdfIsEncrypted(pdf: Uint8Array): boolean {
	return inTempDir((dir) => {
		const file = path.join(dir, 'in.pdf')
		fs.writeFileSync(file, pdf)
		const { status, output } = qpdf(['--is-encrypted', file])
		if (status !== 0 && status !== 2) throw new Error(`qpdf --is-encrypted: exit ${status}: ${output}`)
		return status === 0
	})
}

/** `qpdf --show-encryption --password=…`: its text (R, P, the stream and string methods, each permission). */
export function qpdfShowEncryption(pdf: Uint8Array, password = ''): string {
	return inTempDir((dir) => {
		const file = path.join(dir, 'in.pdf')
		fs.writeFileSync(file, pdf)
		const { status, output } = qpdf(['--show-encryption', `--password=${password}`, file])
		if (status !== 0) throw new Error(`qpdf --show-encryption: exit ${status}: ${output}`)
		return output
	})
}

/** `qpdf --check --password=…` passes (exit 0). */
export function qpdfCheckWith(pdf: Uint8Array, password = ''): { ok: boolean; output: string } {
	return inTempDir((dir) => {
		const file = path.join(dir, 'in.pdf')
		fs.writeFileSync(file, pdf)
		const { status, output } = qpdf(['--check', `--password=${password}`, file])
		return { ok: status === 0, output }
	})
}

/** `pdftotext -upw password`: the text poppler reads with that password, or null when it cannot open the file. */
export function pdftotextWith(pdf: Uint8Array, password?: string): string | null {
	requireTool('pdftotext')
	return inTempDir((dir) => {
		const file = path.join(dir, 'in.pdf')
		fs.writeFileSync(file, pdf)
		const result = spawnSync('pdftotext', [...(password === undefined ? [] : ['-upw', password]), file, '-'], { encoding: 'utf8', timeout: 60_000 })
		return result.status === 0 ? result.stdout : null
	})
}

/**
 * A one-page PDF whose trailer has `/Encrypt` (object 4, `encrypt`) and an
 * /ID: hostile or broken encryption dictionaries, written byte by byte.
 */
export function withEncryptDict(encrypt: string): Uint8Array {
	const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>', encrypt]
	let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'
	const offsets: Array<number> = []
	objects.forEach((object, index) => {
		offsets.push(body.length)
		body += `${index + 1} 0 obj\n${object}\nendobj\n`
	})
	const xrefAt = body.length
	body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
	body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>\nstartxref\n${xrefAt}\n%%EOF\n`
	return new Uint8Array(Buffer.from(body, 'latin1'))
}

const HEX32 = `<${'ab'.repeat(32)}>`
const HEX48 = `<${'cd'.repeat(48)}>`

/** Encryption dictionaries a hostile upload may carry (SECURITY.md): each must be a 422, quickly. */
export const HOSTILE_ENCRYPT_DICTS: Record<string, string> = {
	'a key length of 2^30 bits': `<< /Filter /Standard /V 2 /R 3 /Length 1073741824 /O ${HEX32} /U ${HEX32} /P -4 >>`,
	'a key length of 2^53 bits': `<< /Filter /Standard /V 2 /R 3 /Length 9007199254740992 /O ${HEX32} /U ${HEX32} /P -4 >>`,
	'a negative key length': `<< /Filter /Standard /V 2 /R 3 /Length -128 /O ${HEX32} /U ${HEX32} /P -4 >>`,
	'no /O or /U': '<< /Filter /Standard /V 2 /R 3 /Length 128 /P -4 >>',
	'AES-256 without /OE, /UE or /Perms': `<< /Filter /Standard /V 5 /R 6 /Length 256 /O ${HEX48} /U ${HEX48} /P -4 >>`,
	'an unknown security handler': `<< /Filter /Adobe.PubSec /SubFilter /adbe.pkcs7.s5 /V 4 /Length 128 /Recipients [<00>] >>`,
	'an unknown /V': `<< /Filter /Standard /V 99 /R 3 /O ${HEX32} /U ${HEX32} /P -4 >>`,
	'/Encrypt that is not a dictionary': '[1 2 3]',
}
