/**
 * Drawing a QR code's modules: SVG text and a PNG file, in plain TypeScript
 * (no canvas, no zlib), so the same code runs in the browser and in the
 * server's worker pool.
 *
 * The PNG is a 2-colour palette image at 1 bit a pixel (a tRNS entry makes
 * the background transparent). Each row repeated from the one above is
 * written with PNG's "Up" filter (all zeros), and the deflate stream uses
 * the fixed Huffman codes with runs of one repeated byte (distance 1): a
 * 1,024-pixel code is a few kilobytes, with no compression library.
 */

export type Matrix = { size: number; dark: (x: number, y: number) => boolean }

export type Look = {
	/** Pixels a module. */
	scale: number
	/** Quiet zone, in modules. */
	margin: number
	/** #rrggbb */
	dark: string
	light: string
	transparent: boolean
}

/** A path of horizontal runs, one sub-path a run: small and crisp at any size. */
export function renderSvg(matrix: Matrix, look: Look): string {
	const total = matrix.size + look.margin * 2
	const width = total * look.scale
	let path = ''
	for (let y = 0; y < matrix.size; y++) {
		for (let x = 0; x < matrix.size; x++) {
			if (!matrix.dark(x, y)) continue
			let run = 1
			while (x + run < matrix.size && matrix.dark(x + run, y)) run++
			path += `M${x + look.margin} ${y + look.margin}h${run}v1h-${run}z`
			x += run - 1
		}
	}
	const background = look.transparent ? '' : `<rect width="${total}" height="${total}" fill="${look.light}"/>`
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">` +
		`${background}<path fill="${look.dark}" d="${path}"/></svg>`
	)
}

// ---------------------------------------------------------------- PNG

const CRC_TABLE = (() => {
	const table = new Uint32Array(256)
	for (let n = 0; n < 256; n++) {
		let c = n
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
		table[n] = c >>> 0
	}
	return table
})()

function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
	return (crc ^ 0xffffffff) >>> 0
}

function adler32(bytes: Uint8Array): number {
	let a = 1
	let b = 0
	for (let index = 0; index < bytes.length; ) {
		// 5552 bytes keep the sums inside 32 bits before the modulo.
		const end = Math.min(index + 5552, bytes.length)
		for (; index < end; index++) {
			a += bytes[index]!
			b += a
		}
		a %= 65521
		b %= 65521
	}
	return ((b << 16) | a) >>> 0
}

/** Writes bits least-significant first, as deflate does. */
class BitWriter {
	bytes: Array<number> = []
	private current = 0
	private count = 0
	write(value: number, bits: number) {
		for (let bit = 0; bit < bits; bit++) {
			this.current |= ((value >>> bit) & 1) << this.count
			if (++this.count === 8) this.flush()
		}
	}
	/** Huffman codes are packed most-significant bit first. */
	writeCode(code: number, bits: number) {
		for (let bit = bits - 1; bit >= 0; bit--) this.write((code >>> bit) & 1, 1)
	}
	flush() {
		if (this.count === 0) return
		this.bytes.push(this.current)
		this.current = 0
		this.count = 0
	}
}

const LENGTH_BASES = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

/** The fixed literal/length code of RFC 1951 §3.2.6. */
function writeSymbol(out: BitWriter, symbol: number) {
	if (symbol < 144) out.writeCode(0x30 + symbol, 8)
	else if (symbol < 256) out.writeCode(0x190 + symbol - 144, 9)
	else if (symbol < 280) out.writeCode(symbol - 256, 7)
	else out.writeCode(0xc0 + symbol - 280, 8)
}

/** One fixed-Huffman block: literals, and runs of the previous byte (distance 1). */
export function deflateRuns(data: Uint8Array): Uint8Array {
	const out = new BitWriter()
	out.write(1, 1) // the last block
	out.write(1, 2) // fixed Huffman codes
	let index = 0
	while (index < data.length) {
		let run = 0
		if (index > 0) {
			while (run < 258 && index + run < data.length && data[index + run] === data[index - 1]) run++
		}
		if (run >= 3) {
			let code = LENGTH_BASES.length - 1
			while (LENGTH_BASES[code]! > run) code--
			writeSymbol(out, 257 + code)
			out.write(run - LENGTH_BASES[code]!, LENGTH_EXTRA[code]!)
			out.writeCode(0, 5) // distance code 0: one byte back
			index += run
		} else {
			writeSymbol(out, data[index]!)
			index++
		}
	}
	writeSymbol(out, 256)
	out.flush()
	return Uint8Array.from(out.bytes)
}

function zlib(data: Uint8Array): Uint8Array {
	const deflated = deflateRuns(data)
	const out = new Uint8Array(deflated.length + 6)
	out[0] = 0x78 // deflate, 32 KB window
	out[1] = 0x01 // (0x7801 is a multiple of 31)
	out.set(deflated, 2)
	new DataView(out.buffer).setUint32(out.length - 4, adler32(data))
	return out
}

function chunk(type: string, data: Uint8Array): Uint8Array {
	const out = new Uint8Array(data.length + 12)
	const view = new DataView(out.buffer)
	view.setUint32(0, data.length)
	for (let index = 0; index < 4; index++) out[4 + index] = type.charCodeAt(index)
	out.set(data, 8)
	view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
	return out
}

function rgb(hex: string): [number, number, number] {
	const value = Number.parseInt(hex.slice(1), 16)
	return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]
}

export function renderPng(matrix: Matrix, look: Look): Uint8Array {
	const total = matrix.size + look.margin * 2
	const width = total * look.scale
	const rowBytes = Math.ceil(width / 8)
	const raw = new Uint8Array((rowBytes + 1) * width)
	let previous: Uint8Array | null = null
	for (let py = 0; py < width; py++) {
		const row = new Uint8Array(rowBytes)
		const y = Math.floor(py / look.scale) - look.margin
		if (y >= 0 && y < matrix.size) {
			for (let px = 0; px < width; px++) {
				const x = Math.floor(px / look.scale) - look.margin
				// Palette index 1 is the dark colour.
				if (x >= 0 && x < matrix.size && matrix.dark(x, y)) row[px >> 3]! |= 0x80 >> (px & 7)
			}
		}
		const offset = py * (rowBytes + 1)
		const same = previous !== null && row.every((byte, index) => byte === previous![index])
		raw[offset] = same ? 2 : 0 // "Up": a repeated row is all zeros
		if (!same) raw.set(row, offset + 1)
		previous = row
	}
	const header = new Uint8Array(13)
	const view = new DataView(header.buffer)
	view.setUint32(0, width)
	view.setUint32(4, width)
	header[8] = 1 // bit depth
	header[9] = 3 // palette
	const palette = Uint8Array.from([...rgb(look.light), ...rgb(look.dark)])
	const parts = [
		Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('PLTE', palette),
		...(look.transparent ? [chunk('tRNS', Uint8Array.from([0, 255]))] : []),
		chunk('IDAT', zlib(raw)),
		chunk('IEND', new Uint8Array(0)),
	]
	const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
	let at = 0
	for (const part of parts) {
		png.set(part, at)
		at += part.length
	}
	return png
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

export function pngDataUri(png: Uint8Array): string {
	let out = ''
	for (let index = 0; index < png.length; index += 3) {
		const a = png[index]!
		const b = png[index + 1]
		const c = png[index + 2]
		out += BASE64[a >> 2]! + BASE64[((a & 3) << 4) | ((b ?? 0) >> 4)]!
		out += b === undefined ? '=' : BASE64[((b & 15) << 2) | ((c ?? 0) >> 6)]!
		out += c === undefined ? '=' : BASE64[c & 63]!
	}
	return `data:image/png;base64,${out}`
}

/** An SVG as a data: URI, for an <img> (the page's preview, with and without JavaScript) and download links. */
export function svgDataUri(svg: string): string {
	return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
