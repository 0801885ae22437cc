/**
 * The browser's half of the image: the SVG drawn on a canvas (for the PNG
 * download, copying the image and the self-check), and the self-check
 * itself: jsQR, an independent decoder loaded only on this page, reads the
 * pixels and the page says whether they decode to exactly the content.
 */

import { svgDataUri } from '../render.ts'

async function loadImage(svg: string): Promise<HTMLImageElement> {
	const image = new Image()
	image.src = svgDataUri(svg)
	await image.decode()
	return image
}

/** The image at `width` pixels; a transparent background stays transparent unless `backdrop` is given. */
export async function drawSvg(svg: string, width: number, backdrop?: string): Promise<HTMLCanvasElement> {
	const image = await loadImage(svg)
	const canvas = document.createElement('canvas')
	canvas.width = width
	canvas.height = width
	const context = canvas.getContext('2d', { willReadFrequently: true })
	if (!context) throw new Error('No 2D canvas')
	context.imageSmoothingEnabled = false
	if (backdrop) {
		context.fillStyle = backdrop
		context.fillRect(0, 0, width, width)
	}
	context.drawImage(image, 0, 0, width, width)
	return canvas
}

export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
	return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))), 'image/png'))
}

export type SelfCheck = { state: 'checking' } | { state: 'ok' } | { state: 'mismatch'; decoded: string } | { state: 'unreadable' }

/** The largest side the decoder reads: big images are scaled down, as a phone's camera sees them. */
const CHECK_SIZE = 600

export async function selfCheck(svg: string, width: number, expected: string): Promise<SelfCheck> {
	const { default: jsQR } = await import('jsqr')
	const side = Math.min(width, CHECK_SIZE)
	// A transparent code is checked on white, as on a page.
	const canvas = await drawSvg(svg, side, '#ffffff')
	const pixels = canvas.getContext('2d', { willReadFrequently: true })!.getImageData(0, 0, side, side)
	// Like most phone cameras' readers: light-on-dark codes are not inverted for you.
	const code = jsQR(pixels.data, side, side, { inversionAttempts: 'dontInvert' })
	if (!code) return { state: 'unreadable' }
	const decoded = new TextDecoder().decode(Uint8Array.from(code.binaryData))
	return decoded === expected ? { state: 'ok' } : { state: 'mismatch', decoded }
}
