/**
 * What kind of file some bytes are, from their first bytes ("magic
 * numbers"), so the page can name decoded data, offer a preview and pick a
 * download name. Text formats without a signature (SVG, JSON, HTML, XML,
 * plain text) are sniffed from the text itself, last.
 *
 * Only the start of the data is read (ZIP-based office files: the first
 * 64 KiB), so this is cheap on 50 MB files.
 */
import { isValidText } from './charset.ts'

export type FileType = { mime: string; extension: string; label: string }

const type = (mime: string, extension: string, label: string): FileType => ({ mime, extension, label })

const PNG = type('image/png', 'png', 'PNG image')
const JPEG = type('image/jpeg', 'jpg', 'JPEG image')
const GIF = type('image/gif', 'gif', 'GIF image')
const WEBP = type('image/webp', 'webp', 'WebP image')
const BMP = type('image/bmp', 'bmp', 'BMP image')
const ICO = type('image/x-icon', 'ico', 'ICO icon')
const TIFF = type('image/tiff', 'tif', 'TIFF image')
const AVIF = type('image/avif', 'avif', 'AVIF image')
const HEIC = type('image/heic', 'heic', 'HEIC image')
const SVG = type('image/svg+xml', 'svg', 'SVG image')
const PDF = type('application/pdf', 'pdf', 'PDF document')
const ZIP = type('application/zip', 'zip', 'ZIP archive')
const DOCX = type('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 'Word document (DOCX)')
const XLSX = type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', 'Excel workbook (XLSX)')
const PPTX = type('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx', 'PowerPoint presentation (PPTX)')
const EPUB = type('application/epub+zip', 'epub', 'EPUB book')
const GZIP = type('application/gzip', 'gz', 'GZIP archive')
const BZIP2 = type('application/x-bzip2', 'bz2', 'BZIP2 archive')
const XZ = type('application/x-xz', 'xz', 'XZ archive')
const SEVEN_ZIP = type('application/x-7z-compressed', '7z', '7-Zip archive')
const RAR = type('application/vnd.rar', 'rar', 'RAR archive')
const WASM = type('application/wasm', 'wasm', 'WebAssembly module')
const MP3 = type('audio/mpeg', 'mp3', 'MP3 audio')
const MP4 = type('video/mp4', 'mp4', 'MP4 video')
const M4A = type('audio/mp4', 'm4a', 'MPEG-4 audio')
const MOV = type('video/quicktime', 'mov', 'QuickTime video')
const THREE_GP = type('video/3gpp', '3gp', '3GP video')
const WAV = type('audio/wav', 'wav', 'WAV audio')
const AVI = type('video/x-msvideo', 'avi', 'AVI video')
const OGG = type('audio/ogg', 'ogg', 'Ogg audio')
const FLAC = type('audio/flac', 'flac', 'FLAC audio')
const WEBM = type('video/webm', 'webm', 'WebM video')
const WOFF = type('font/woff', 'woff', 'WOFF font')
const WOFF2 = type('font/woff2', 'woff2', 'WOFF2 font')
const TTF = type('font/ttf', 'ttf', 'TrueType font')
const OTF = type('font/otf', 'otf', 'OpenType font')
const JSON_TYPE = type('application/json', 'json', 'JSON')
const HTML = type('text/html', 'html', 'HTML document')
const XML = type('application/xml', 'xml', 'XML document')
const TEXT = type('text/plain', 'txt', 'Plain text')

/** JSON is parsed to be sure only up to this size; larger text is judged by its first and last characters. */
const JSON_PARSE_LIMIT = 5 * 1024 * 1024
/** How much of a text file is sniffed for SVG, HTML and XML markers. */
const SNIFF_BYTES = 4096

export function detectFileType(bytes: Uint8Array): FileType | null {
	return detectBinary(bytes) ?? detectText(bytes)
}

function startsWith(bytes: Uint8Array, signature: ReadonlyArray<number> | string, at = 0): boolean {
	if (typeof signature === 'string') {
		if (bytes.length < at + signature.length) return false
		for (let index = 0; index < signature.length; index++) {
			if (bytes[at + index] !== signature.charCodeAt(index)) return false
		}
		return true
	}
	if (bytes.length < at + signature.length) return false
	return signature.every((byte, index) => bytes[at + index] === byte)
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
	return String.fromCharCode(...bytes.subarray(from, to))
}

function detectBinary(bytes: Uint8Array): FileType | null {
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG
	if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return GIF
	if (startsWith(bytes, 'RIFF') && bytes.length >= 12) {
		const form = latin1(bytes, 8, 12)
		if (form === 'WEBP') return WEBP
		if (form === 'WAVE') return WAV
		if (form === 'AVI ') return AVI
	}
	if (startsWith(bytes, '%PDF-')) return PDF
	if (startsWith(bytes, 'PK') && (startsWith(bytes, [3, 4], 2) || startsWith(bytes, [5, 6], 2) || startsWith(bytes, [7, 8], 2))) {
		return detectZip(bytes)
	}
	if (startsWith(bytes, [0x1f, 0x8b, 0x08])) return GZIP
	if (startsWith(bytes, 'BZh') && bytes.length > 3 && bytes[3]! >= 0x31 && bytes[3]! <= 0x39) return BZIP2
	if (startsWith(bytes, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return XZ
	if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return SEVEN_ZIP
	if (startsWith(bytes, 'Rar!\x1a\x07')) return RAR
	if (startsWith(bytes, [0x00, 0x61, 0x73, 0x6d])) return WASM
	if (startsWith(bytes, 'wOFF')) return WOFF
	if (startsWith(bytes, 'wOF2')) return WOFF2
	if (startsWith(bytes, [0x00, 0x01, 0x00, 0x00, 0x00])) return TTF
	if (startsWith(bytes, 'OTTO')) return OTF
	if (startsWith(bytes, 'OggS')) return OGG
	if (startsWith(bytes, 'fLaC')) return FLAC
	if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return WEBM
	if (startsWith(bytes, 'ftyp', 4)) return detectIsoMedia(bytes)
	if (startsWith(bytes, 'ID3') || isMp3Frame(bytes)) return MP3
	if (startsWith(bytes, 'II*\x00') || startsWith(bytes, 'MM\x00*')) return TIFF
	// ICO: reserved 0, type 1, at least one image, and a sane first entry.
	if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 22 && (bytes[4]! | bytes[5]!) !== 0 && bytes[9] === 0) return ICO
	// BMP: "BM", then the file size, then 4 reserved zero bytes.
	if (startsWith(bytes, 'BM') && bytes.length >= 14 && (bytes[6]! | bytes[7]! | bytes[8]! | bytes[9]!) === 0) return BMP
	return null
}

/** An MPEG audio frame header for Layer III (FF Ex/Fx, not AAC's ADTS, which has layer 0). */
function isMp3Frame(bytes: Uint8Array): boolean {
	if (bytes.length < 4 || bytes[0] !== 0xff) return false
	const second = bytes[1]!
	const third = bytes[2]!
	return (second & 0xe0) === 0xe0 && (second & 0x18) !== 0x08 && (second & 0x06) === 0x02 && third >>> 4 !== 0x0f && (third & 0x0c) !== 0x0c
}

function detectIsoMedia(bytes: Uint8Array): FileType {
	const brand = bytes.length >= 12 ? latin1(bytes, 8, 12) : ''
	if (brand === 'avif' || brand === 'avis') return AVIF
	if (brand === 'heic' || brand === 'heix' || brand === 'mif1' || brand === 'msf1') return HEIC
	if (brand === 'qt  ') return MOV
	if (brand.startsWith('M4A') || brand.startsWith('M4B')) return M4A
	if (brand.startsWith('3gp') || brand.startsWith('3g2')) return THREE_GP
	return MP4
}

/** ZIP, or an office file or EPUB (which are ZIP files with known entries). */
function detectZip(bytes: Uint8Array): FileType {
	// EPUB puts an uncompressed "mimetype" entry first.
	if (startsWith(bytes, 'mimetypeapplication/epub+zip', 30)) return EPUB
	const head = latin1Chunks(bytes.subarray(0, 65536))
	if (head.includes('[Content_Types].xml') || head.includes('_rels/.rels')) {
		if (head.includes('word/')) return DOCX
		if (head.includes('xl/')) return XLSX
		if (head.includes('ppt/')) return PPTX
	}
	return ZIP
}

function latin1Chunks(bytes: Uint8Array): string {
	const parts: Array<string> = []
	for (let index = 0; index < bytes.length; index += 8192) parts.push(latin1(bytes, index, Math.min(bytes.length, index + 8192)))
	return parts.join('')
}

function detectText(bytes: Uint8Array): FileType | null {
	if (bytes.length === 0 || !isValidText(bytes, 'utf-8')) return null
	const decoder = new TextDecoder('utf-8')
	const head = decoder.decode(bytes.subarray(0, SNIFF_BYTES)).trimStart()
	const lower = head.toLowerCase()
	if (lower.startsWith('<')) {
		const markup = skipPrologue(lower)
		if (markup.startsWith('<svg')) return SVG
		if (markup.startsWith('<!doctype html') || markup.startsWith('<html')) return HTML
		if (lower.startsWith('<?xml')) return XML
	}
	if (head.startsWith('{') || head.startsWith('[')) {
		if (bytes.length <= JSON_PARSE_LIMIT) {
			try {
				JSON.parse(decoder.decode(bytes))
				return JSON_TYPE
			} catch {
				return TEXT
			}
		}
		const tail = decoder.decode(bytes.subarray(Math.max(0, bytes.length - 64))).trimEnd()
		if (tail.endsWith(head.startsWith('{') ? '}' : ']')) return JSON_TYPE
	}
	return TEXT
}

/** Skips an XML declaration, comments and a non-HTML doctype before the first element. */
function skipPrologue(text: string): string {
	let rest = text
	for (let guard = 0; guard < 32; guard++) {
		rest = rest.trimStart()
		const close = rest.startsWith('<?') ? '?>' : rest.startsWith('<!--') ? '-->' : rest.startsWith('<!doctype svg') ? '>' : null
		if (close === null) break
		const end = rest.indexOf(close)
		if (end === -1) return ''
		rest = rest.slice(end + close.length)
	}
	return rest
}
