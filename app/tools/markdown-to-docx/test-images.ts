/**
 * Tiny real images for the tests: 1×1 PNG, JPEG and GIF files, and a PNG
 * whose header declares a size no picture should have (an image bomb).
 */
const base64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

export const PNG_1X1_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
export const PNG_1X1 = base64(PNG_1X1_BASE64)
export const JPEG_1X1 = base64(
	'/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
)
export const GIF_1X1 = base64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7')

/** A PNG of a few dozen bytes whose IHDR says `width`×`height`. */
export function pngDeclaring(width: number, height: number): Uint8Array {
	const bytes = PNG_1X1.slice()
	const view = new DataView(bytes.buffer)
	view.setUint32(16, width)
	view.setUint32(20, height)
	return bytes
}

/** A PNG `width`×`height` as far as its header says (for size checks; the pixels stay 1×1). */
export const pngSized = pngDeclaring
