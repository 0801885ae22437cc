/**
 * PNG and JPEG pictures → one PDF, a page per picture, the way img2pdf does
 * it: the picture's compressed data goes into the PDF as it is whenever the
 * PDF can hold it, so nothing is decoded or re-encoded.
 *
 * - JPEG: the file is the image stream (DCTDecode); pdf-lib's `embedJpg`
 *   already does exactly that.
 * - PNG without transparency, not interlaced (grey, RGB or palette, 1–16
 *   bits): the IDAT chunks' zlib data is the image stream (FlateDecode) with
 *   the PNG predictor (DecodeParms Predictor 15, Colors, BitsPerComponent,
 *   Columns): PNG's filtered scanlines are what that predictor undoes.
 * - PNG with alpha or tRNS, or interlaced: pdf-lib decodes it and writes
 *   the colour and a soft mask (SMask); the only slow path.
 *
 * Every picture's declared size is checked (app/tools/shared/image-info.ts)
 * before anything decodes it.
 */
import zlib from 'node:zlib'
import {
	type PDFDocument,
	PDFHexString,
	PDFName,
	PDFRawStream,
	concatTransformationMatrix,
	drawObject,
	popGraphicsState,
	pushGraphicsState,
	type PDFRef,
} from '@cantoo/pdf-lib'
import { ToolError, tooComplex } from '#app/tools/kit/core.ts'
import { imageBombReason, readImageInfo } from '#app/tools/shared/image-info.ts'
import { noProgress, type PdfInputFile, type PdfOptions, type PdfOutput, type PdfProgress, PDF_MEDIA_TYPE } from './options.ts'
import { displayName } from './pdf-input.server.ts'
import { baseName, newDocument, savePdf } from './pdf-output.server.ts'

/** Pixels of pictures that must be decoded (PNG with transparency or interlaced) in one run: 2.5 pictures at the 40 MP cap. */
export const MAX_DECODED_PIXELS = 100_000_000

const POINTS_PER_MM = 72 / 25.4
/** The resolution of a picture that states none (img2pdf's default too). */
const DEFAULT_DPI = 96
/** PDF's largest page side (Acrobat's limit, ISO 32000 annex C), in points. */
const MAX_PAGE_SIDE = 14_400

const PAGE_SIZES = { a4: [595.28, 841.89], letter: [612, 792] } as const

export type PngFacts = {
	width: number
	height: number
	bitDepth: number
	colorType: number
	interlaced: boolean
	/** Palette (PLTE) bytes, RGB triplets. */
	palette: Uint8Array | null
	hasTransparency: boolean
	/** The IDAT chunks' data, in order. */
	idat: Array<Uint8Array>
	dpi: { x: number; y: number } | null
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const crc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32

/** The chunks of a PNG that matter here, or a reason it cannot be used. */
export function readPng(bytes: Uint8Array): PngFacts | string {
	if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'is not a PNG'
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const facts: PngFacts = { width: 0, height: 0, bitDepth: 0, colorType: 0, interlaced: false, palette: null, hasTransparency: false, idat: [], dpi: null }
	let offset = 8
	let sawHeader = false
	let sawEnd = false
	while (offset + 12 <= bytes.length) {
		const length = view.getUint32(offset)
		const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
		const dataStart = offset + 8
		const dataEnd = dataStart + length
		if (dataEnd + 4 > bytes.length) return 'is cut short (a chunk runs past the end of the file)'
		const data = bytes.subarray(dataStart, dataEnd)
		if (type === 'IHDR') {
			if (length < 13) return 'has a damaged header'
			facts.width = view.getUint32(dataStart)
			facts.height = view.getUint32(dataStart + 4)
			facts.bitDepth = data[8]!
			facts.colorType = data[9]!
			facts.interlaced = data[12] === 1
			sawHeader = true
		} else if (type === 'PLTE') facts.palette = data
		else if (type === 'tRNS') facts.hasTransparency = true
		else if (type === 'IDAT') {
			// The stream goes into the PDF undecoded, so its checksum is the one check on it we get for free.
			if (crc32 && crc32(bytes.subarray(offset + 4, dataEnd)) !== view.getUint32(dataEnd)) return 'is damaged (an image data chunk fails its checksum)'
			facts.idat.push(data)
		} else if (type === 'pHYs' && length >= 9 && data[8] === 1) {
			// Pixels per metre.
			facts.dpi = { x: view.getUint32(dataStart) * 0.0254, y: view.getUint32(dataStart + 4) * 0.0254 }
		} else if (type === 'IEND') {
			sawEnd = true
			break
		}
		offset = dataEnd + 4
	}
	if (!sawHeader) return 'has no header'
	if (!sawEnd || facts.idat.length === 0) return 'is cut short (no image data end)'
	if (![1, 2, 4, 8, 16].includes(facts.bitDepth) || ![0, 2, 3, 4, 6].includes(facts.colorType)) return 'uses a pixel format PNG does not define'
	if (facts.colorType === 3 && !facts.palette) return 'has no palette'
	if (facts.colorType === 4 || facts.colorType === 6) facts.hasTransparency = true
	return facts
}

/** Whether the PNG's own compressed data can be the PDF image stream. */
function canPassThrough(png: PngFacts): boolean {
	return !png.interlaced && !png.hasTransparency && (png.colorType === 0 || png.colorType === 2 || png.colorType === 3)
}

/** The PNG's IDAT data as a Flate image XObject with the PNG predictor, registered in `doc`. */
function embedPngPassThrough(doc: PDFDocument, png: PngFacts): PDFRef {
	const context = doc.context
	const colors = png.colorType === 2 ? 3 : 1
	const colorSpace =
		png.colorType === 2
			? PDFName.of('DeviceRGB')
			: png.colorType === 0
				? PDFName.of('DeviceGray')
				: context.obj([PDFName.of('Indexed'), PDFName.of('DeviceRGB'), png.palette!.length / 3 - 1, PDFHexString.of(Buffer.from(png.palette!).toString('hex'))])
	const dict = context.obj({
		Type: 'XObject',
		Subtype: 'Image',
		Width: png.width,
		Height: png.height,
		BitsPerComponent: png.bitDepth,
		ColorSpace: colorSpace,
		Filter: 'FlateDecode',
		DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: png.bitDepth, Columns: png.width },
	})
	const data = png.idat.length === 1 ? png.idat[0]! : concat(png.idat)
	return context.register(PDFRawStream.of(dict, data))
}

function concat(parts: Array<Uint8Array>): Uint8Array {
	const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
	let offset = 0
	for (const part of parts) {
		out.set(part, offset)
		offset += part.length
	}
	return out
}

/** A JPEG's segments before its image data (SOS): each marker's second byte and its payload. */
function jpegSegments(bytes: Uint8Array): Array<{ marker: number; data: Uint8Array }> {
	const segments: Array<{ marker: number; data: Uint8Array }> = []
	let offset = 2
	while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
		const marker = bytes[offset + 1]!
		if (marker === 0xda || marker === 0xd9) break
		const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!
		if (length < 2 || offset + 2 + length > bytes.length) break
		segments.push({ marker, data: bytes.subarray(offset + 4, offset + 2 + length) })
		offset += 2 + length
	}
	return segments
}

/** A JPEG's resolution from its JFIF header (APP0), when it states one. */
function jpegDpi(bytes: Uint8Array): { x: number; y: number } | null {
	// APP0 "JFIF\0" version(2) units(1) Xdensity(2) Ydensity(2); an Exif APP1 may come first.
	const jfif = jpegSegments(bytes).find(({ marker, data }) => marker === 0xe0 && data.length >= 12 && String.fromCharCode(...data.subarray(0, 5)) === 'JFIF\0')?.data
	if (!jfif) return null
	const units = jfif[7]
	const x = (jfif[8]! << 8) | jfif[9]!
	const y = (jfif[10]! << 8) | jfif[11]!
	if (units === 1) return { x, y }
	if (units === 2) return { x: x * 2.54, y: y * 2.54 }
	return null
}

/**
 * A JPEG's Exif orientation (1–8; 1 when it states none): how the stored pixels are turned to be shown
 * upright. Cameras and phones store a portrait photo as landscape pixels with orientation 6 or 8, and
 * every viewer turns it; a page must too.
 */
export function jpegOrientation(bytes: Uint8Array): number {
	for (const { marker, data } of jpegSegments(bytes)) {
		if (marker !== 0xe1 || data.length < 14 || String.fromCharCode(...data.subarray(0, 6)) !== 'Exif\0\0') continue
		const tiff = data.subarray(6)
		const little = tiff[0] === 0x49 && tiff[1] === 0x49
		if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1
		const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength)
		const ifd = view.getUint32(4, little)
		if (ifd + 2 > tiff.length) return 1
		const count = view.getUint16(ifd, little)
		for (let entry = 0; entry < count; entry++) {
			const at = ifd + 2 + entry * 12
			if (at + 12 > tiff.length) return 1
			if (view.getUint16(at, little) !== 0x0112) continue
			const value = view.getUint16(at + 8, little)
			return value >= 1 && value <= 8 ? value : 1
		}
		return 1
	}
	return 1
}

/**
 * The matrix (`cm`) that draws an image's unit square into `placed` (its size as shown) turned as
 * Exif `orientation` says: the stored top row goes to the shown top (1), right (6), bottom (3) or left (8),
 * mirrored for 2, 4, 5 and 7.
 */
function orientedMatrix(orientation: number, { x, y, width: w, height: h }: Placed): [number, number, number, number, number, number] {
	switch (orientation) {
		case 2:
			return [-w, 0, 0, h, x + w, y]
		case 3:
			return [-w, 0, 0, -h, x + w, y + h]
		case 4:
			return [w, 0, 0, -h, x, y + h]
		case 5:
			return [0, -h, -w, 0, x + w, y + h]
		case 6:
			return [0, -h, w, 0, x, y + h]
		case 7:
			return [0, h, w, 0, x, y]
		case 8:
			return [0, h, -w, 0, x + w, y]
		default:
			return [w, 0, 0, h, x, y]
	}
}

function saneDpi(dpi: { x: number; y: number } | null): { x: number; y: number } {
	const ok = (value: number) => Number.isFinite(value) && value >= 10 && value <= 10_000
	return dpi && ok(dpi.x) && ok(dpi.y) ? dpi : { x: DEFAULT_DPI, y: DEFAULT_DPI }
}

/** 415 (SECURITY.md I5): by its bytes, the file is neither a PNG nor a JPEG. */
function notImage(file: PdfInputFile, index: number): ToolError {
	const message = `"${displayName(file.name)}" is not a PNG or JPEG picture.`
	return new ToolError(message, { fields: { files: message }, file: index }, 'UNSUPPORTED_MEDIA_TYPE')
}

/** 422: a PNG or JPEG by its signature that cannot be read. */
function damagedImage(file: PdfInputFile, index: number, why: string): ToolError {
	const message = `"${displayName(file.name)}" ${why}.`
	return new ToolError(`This picture is damaged and cannot be read: ${message}`, { fields: { files: message }, file: index, reason: 'damaged' }, 'VALIDATION_ERROR', 422)
}

type Placed = { pageWidth: number; pageHeight: number; x: number; y: number; width: number; height: number }

/** Where a picture of `width`×`height` points goes, by the options. */
export function placeImage(width: number, height: number, options: PdfOptions<'images-to-pdf'>): Placed {
	const margin = options.marginMm * POINTS_PER_MM
	if (options.pageSize === 'fit') {
		// Pages beyond PDF's largest size are scaled down as a whole.
		const scale = Math.min(1, MAX_PAGE_SIDE / (width + 2 * margin), MAX_PAGE_SIDE / (height + 2 * margin))
		return { pageWidth: (width + 2 * margin) * scale, pageHeight: (height + 2 * margin) * scale, x: margin * scale, y: margin * scale, width: width * scale, height: height * scale }
	}
	const [short, long] = PAGE_SIZES[options.pageSize]
	const landscape = options.orientation === 'landscape' || (options.orientation === 'auto' && width > height)
	const pageWidth = landscape ? long : short
	const pageHeight = landscape ? short : long
	const boxWidth = pageWidth - 2 * margin
	const boxHeight = pageHeight - 2 * margin
	// img2pdf's "into": as large as fits the box, keeping the picture's proportions.
	const scale = Math.min(boxWidth / width, boxHeight / height)
	const drawnWidth = width * scale
	const drawnHeight = height * scale
	return { pageWidth, pageHeight, x: (pageWidth - drawnWidth) / 2, y: (pageHeight - drawnHeight) / 2, width: drawnWidth, height: drawnHeight }
}

export async function imagesToPdf(files: ReadonlyArray<PdfInputFile>, options: PdfOptions<'images-to-pdf'>, progress: PdfProgress = noProgress): Promise<PdfOutput> {
	// Every picture is checked before the first is embedded: a bad tenth file fails fast.
	let decodedPixels = 0
	const checked = files.map((file, index) => {
		const info = readImageInfo(file.data)
		if (!info || info.type === 'gif') throw notImage(file, index)
		const bomb = imageBombReason(info)
		if (bomb) throw tooComplex(`The picture "${displayName(file.name)}" is too large: ${bomb}.`, { file: displayName(file.name), reason: 'image-too-large' })
		if (info.type === 'jpg') return { file, info, png: null }
		const png = readPng(file.data)
		if (typeof png === 'string') throw damagedImage(file, index, png)
		if (!canPassThrough(png)) decodedPixels += png.width * png.height
		return { file, info, png }
	})
	if (decodedPixels > MAX_DECODED_PIXELS) {
		throw tooComplex(`These pictures are too large together: the ones with transparency must be decoded, ${Math.round(decodedPixels / 1e6)} megapixels (limit ${MAX_DECODED_PIXELS / 1e6}).`, {
			reason: 'image-too-large',
		})
	}
	const doc = await newDocument()
	for (const [index, { file, info, png }] of checked.entries()) {
		progress({ done: index, total: checked.length, stage: 'Adding the pictures' })
		let ref: PDFRef
		let dpi: { x: number; y: number }
		if (png && canPassThrough(png)) {
			ref = embedPngPassThrough(doc, png)
			dpi = saneDpi(png.dpi)
		} else {
			let image
			try {
				image = png ? await doc.embedPng(file.data) : await doc.embedJpg(file.data)
			} catch {
				throw damagedImage(file, index, `cannot be read as a ${png ? 'PNG' : 'JPEG'}`)
			}
			ref = image.ref
			dpi = saneDpi(png ? png.dpi : jpegDpi(file.data))
		}
		const orientation = png ? 1 : jpegOrientation(file.data)
		const width = (info.width * 72) / dpi.x
		const height = (info.height * 72) / dpi.y
		// Orientations 5–8 turn the picture a quarter: it is shown with its sides swapped.
		const placed = orientation >= 5 ? placeImage(height, width, options) : placeImage(width, height, options)
		const page = doc.addPage([placed.pageWidth, placed.pageHeight])
		const name = page.node.newXObject('Image', ref)
		page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...orientedMatrix(orientation, placed)), drawObject(name), popGraphicsState())
	}
	return { fileName: `${baseName(files[0]?.name, 'images')}.pdf`, contentType: PDF_MEDIA_TYPE, data: await savePdf(doc), pageCount: files.length }
}
