/**
 * The type and declared pixel size of an image, read from its first bytes
 * (PNG IHDR, GIF logical screen, JPEG SOFn), never by decoding it, so a
 * picture declaring a huge size is refused before anything decodes it (an
 * image bomb). Shared by Markdown → DOCX (Word decodes the picture) and the
 * PDF converter's images → PDF (pdf-lib decodes PNGs with alpha).
 */

export type RasterType = 'png' | 'jpg' | 'gif'
export type ImageInfo = { type: RasterType; width: number; height: number }

/** Pixels a picture may declare (SECURITY.md §2.I's proposal: 40 MP), and pixels along one side. */
export const MAX_IMAGE_PIXELS = 40_000_000
export const MAX_IMAGE_SIDE = 20_000

function at(bytes: Uint8Array, offset: number): number {
	return bytes[offset] ?? 0
}

function u16be(bytes: Uint8Array, offset: number) {
	return (at(bytes, offset) << 8) | at(bytes, offset + 1)
}

function u32be(bytes: Uint8Array, offset: number) {
	return ((at(bytes, offset) << 24) >>> 0) + (at(bytes, offset + 1) << 16) + (at(bytes, offset + 2) << 8) + at(bytes, offset + 3)
}

function u16le(bytes: Uint8Array, offset: number) {
	return at(bytes, offset) | (at(bytes, offset + 1) << 8)
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** The picture's type and size, or null when the bytes are no PNG, JPEG or GIF this can read. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | null {
	if (bytes.length >= 24 && PNG.every((byte, index) => bytes[index] === byte)) {
		// IHDR is the first chunk: length (4), "IHDR" (4), width (4), height (4).
		if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null
		return { type: 'png', width: u32be(bytes, 16), height: u32be(bytes, 20) }
	}
	if (bytes.length >= 10 && /^GIF8[79]a$/.test(String.fromCharCode(...bytes.subarray(0, 6)))) {
		return { type: 'gif', width: u16le(bytes, 6), height: u16le(bytes, 8) }
	}
	if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
		let offset = 2
		while (offset + 9 < bytes.length) {
			if (bytes[offset] !== 0xff) return null
			const marker = at(bytes, offset + 1)
			// Fill bytes, and markers without a length.
			if (marker === 0xff) {
				offset += 1
				continue
			}
			if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
				offset += 2
				continue
			}
			const length = u16be(bytes, offset + 2)
			// SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
			if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
				return { type: 'jpg', height: u16be(bytes, offset + 5), width: u16be(bytes, offset + 7) }
			}
			if (length < 2) return null
			offset += 2 + length
		}
		return null
	}
	return null
}

/** Why a picture is refused before anything decodes it, or null when its size is sane. */
export function imageBombReason(info: ImageInfo): string | null {
	if (info.width === 0 || info.height === 0) return 'it declares no size'
	if (info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE || info.width * info.height > MAX_IMAGE_PIXELS) {
		return `it declares ${info.width}×${info.height} pixels (limit ${MAX_IMAGE_SIDE} a side, ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`
	}
	return null
}
