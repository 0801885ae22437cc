/**
 * Pictures for the LibreOffice layout test, and the measuring of them on a
 * rendered page: solid-colour PNGs (@napi-rs/canvas), the PDF's first page
 * rendered by pdftoppm (poppler) as a PPM, and the box each colour covers.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createCanvas } from '@napi-rs/canvas'

export type Rgb = [number, number, number]

/** A `width`×`height` PNG of one colour. */
export function solidPng(width: number, height: number, [r, g, b]: Rgb): Uint8Array {
	const canvas = createCanvas(width, height)
	const context = canvas.getContext('2d')
	context.fillStyle = `rgb(${r}, ${g}, ${b})`
	context.fillRect(0, 0, width, height)
	return new Uint8Array(canvas.toBuffer('image/png'))
}

export type Raster = { width: number; height: number; pixels: Buffer }

/** The PDF's first page as RGB pixels, rendered by pdftoppm at `dpi`. */
export function renderFirstPage(pdf: Buffer, dpi: number): Raster {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-docx-ppm-'))
	try {
		const file = path.join(dir, 'doc.pdf')
		fs.writeFileSync(file, pdf)
		execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')], { timeout: 60_000 })
		const ppm = fs.readFileSync(path.join(dir, 'page.ppm'))
		// P6, width, height, maximum value, each after whitespace; then the pixels.
		const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))
		if (!header) throw new Error('pdftoppm wrote no P6 PPM')
		return { width: Number(header[1]), height: Number(header[2]), pixels: ppm.subarray(header[0].length) }
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

/** The box of the pixels within `tolerance` of `colour`, or null when there are none. */
export function colourBox({ width, height, pixels }: Raster, colour: Rgb, tolerance = 40): { width: number; height: number } | null {
	let top = Infinity
	let bottom = -1
	let left = Infinity
	let right = -1
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const at = (y * width + x) * 3
			if (Math.abs(pixels[at]! - colour[0]) <= tolerance && Math.abs(pixels[at + 1]! - colour[1]) <= tolerance && Math.abs(pixels[at + 2]! - colour[2]) <= tolerance) {
				top = Math.min(top, y)
				bottom = Math.max(bottom, y)
				left = Math.min(left, x)
				right = Math.max(right, x)
			}
		}
	}
	return bottom < 0 ? null : { width: right - left + 1, height: bottom - top + 1 }
}
