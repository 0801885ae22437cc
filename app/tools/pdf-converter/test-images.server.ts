/**
 * Pictures for the images → PDF tests, written here byte by byte so each
 * PNG flavour is certain: RGB, grey, palette (the pass-through path), RGBA
 * and Adam7-interlaced (the decoding path); JPEGs from @napi-rs/canvas.
 * Each is two colours, left half and right half, so a rendering of the
 * PDF shows whether the pixels arrived intact.
 */
import zlib from 'node:zlib'
import { createCanvas } from '@napi-rs/canvas'

export type Rgb = [number, number, number]

function chunk(type: string, data: Uint8Array): Uint8Array {
	const out = new Uint8Array(12 + data.length)
	const view = new DataView(out.buffer)
	view.setUint32(0, data.length)
	out.set(new TextEncoder().encode(type), 4)
	out.set(data, 8)
	view.setUint32(8 + data.length, zlib.crc32(out.subarray(4, 8 + data.length)))
	return out
}

function concat(parts: Array<Uint8Array>): Uint8Array {
	return new Uint8Array(Buffer.concat(parts))
}

type PngKind = 'rgb' | 'gray' | 'palette' | 'rgba' | 'interlaced'

/** A `width`×`height` PNG, `left` colour on the left half and `right` on the right. */
export function twoColourPng(kind: PngKind, width: number, height: number, left: Rgb, right: Rgb, { dpi }: { dpi?: number } = {}): Uint8Array {
	const colorType = { rgb: 2, gray: 0, palette: 3, rgba: 6, interlaced: 2 }[kind]
	const pixel = (x: number): Array<number> => {
		const colour = x < width / 2 ? left : right
		if (kind === 'gray') return [colour[0]]
		if (kind === 'palette') return [x < width / 2 ? 0 : 1]
		if (kind === 'rgba') return [...colour, 255]
		return colour
	}
	const rows = (xs: Array<number>, count: number) => {
		const row = [0, ...xs.flatMap(pixel)]
		return Array.from({ length: count }, () => row).flat()
	}
	let raw: Array<number>
	if (kind === 'interlaced') {
		// Adam7: seven passes, each a sub-image of rows (filter byte 0 each).
		const passes = [
			[0, 0, 8, 8],
			[4, 0, 8, 8],
			[0, 4, 4, 8],
			[2, 0, 4, 4],
			[0, 2, 2, 4],
			[1, 0, 2, 2],
			[0, 1, 1, 2],
		]
		raw = []
		for (const [x0, y0, dx, dy] of passes) {
			const xs: Array<number> = []
			for (let x = x0!; x < width; x += dx!) xs.push(x)
			let count = 0
			for (let y = y0!; y < height; y += dy!) count++
			if (xs.length && count) raw.push(...rows(xs, count))
		}
	} else raw = rows(Array.from({ length: width }, (_, x) => x), height)
	const header = new Uint8Array(13)
	const view = new DataView(header.buffer)
	view.setUint32(0, width)
	view.setUint32(4, height)
	header.set([8, colorType, 0, 0, kind === 'interlaced' ? 1 : 0], 8)
	const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header)]
	if (dpi) {
		const phys = new Uint8Array(9)
		const ppm = Math.round(dpi / 0.0254)
		new DataView(phys.buffer).setUint32(0, ppm)
		new DataView(phys.buffer).setUint32(4, ppm)
		phys[8] = 1
		parts.push(chunk('pHYs', phys))
	}
	if (kind === 'palette') parts.push(chunk('PLTE', new Uint8Array([...left, ...right])))
	// Two IDAT chunks, as encoders that stream write them.
	const compressed = zlib.deflateSync(Uint8Array.from(raw))
	const half = Math.floor(compressed.length / 2)
	parts.push(chunk('IDAT', compressed.subarray(0, half)), chunk('IDAT', compressed.subarray(half)), chunk('IEND', new Uint8Array()))
	return concat(parts)
}

/** A two-colour JPEG made by @napi-rs/canvas (quality 95). */
export async function twoColourJpeg(width: number, height: number, left: Rgb, right: Rgb): Promise<Uint8Array> {
	const canvas = createCanvas(width, height)
	const context = canvas.getContext('2d')
	context.fillStyle = `rgb(${left.join(',')})`
	context.fillRect(0, 0, width / 2, height)
	context.fillStyle = `rgb(${right.join(',')})`
	context.fillRect(width / 2, 0, width / 2, height)
	return new Uint8Array(await canvas.encode('jpeg', 95))
}

/** `jpeg` with an Exif APP1 segment stating `orientation` (1–8) put right after its SOI, as cameras write it. */
export function withExifOrientation(jpeg: Uint8Array, orientation: number, { littleEndian = false }: { littleEndian?: boolean } = {}): Uint8Array {
	const tiff = new Uint8Array(26)
	const view = new DataView(tiff.buffer)
	tiff.set(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d])
	view.setUint16(2, 42, littleEndian)
	view.setUint32(4, 8, littleEndian)
	view.setUint16(8, 1, littleEndian) // one entry
	view.setUint16(10, 0x0112, littleEndian) // Orientation
	view.setUint16(12, 3, littleEndian) // SHORT
	view.setUint32(14, 1, littleEndian)
	view.setUint16(18, orientation, littleEndian)
	const payload = concat([new TextEncoder().encode('Exif\0\0'), tiff])
	const segment = concat([Uint8Array.of(0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff), payload])
	return concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)])
}
