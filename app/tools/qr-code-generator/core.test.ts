/**
 * The core: the capacity meter and its limit (one byte over is refused with
 * a hint), bad input answered at once (empty, 10 MB), the look's warnings,
 * and the images themselves (a PNG that zlib and the PNG rules accept, an
 * SVG of our own making with only the chosen colours).
 */
import { inflateRawSync, inflateSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { runCore } from '#app/tools/kit/core.ts'
import { BYTE_CAPACITY, contrastRatio, core, EMPTY_MESSAGE, generateQr, lookWarnings, qrOptionsSchema, type QrOptions } from './core.ts'
import { deflateRuns } from './render.ts'
import { errorOf } from '#tests/setup/tool-error.ts'

const options = (overrides: Partial<QrOptions> = {}) => qrOptionsSchema.parse(overrides)

describe('capacity', () => {
	test('counts UTF-8 bytes against the version and the level', () => {
		const result = generateQr('Grüße 👋', options({ errorCorrection: 'M' }))
		expect(result.capacity).toEqual({ used: 12, limit: 14, max: 2331, percent: 1 })
		expect(result.version).toBe(1)
		expect(result.modules).toBe(21)
	})

	test.each(['L', 'M', 'Q', 'H'] as const)('level %s: exactly full fits, one byte more is refused with a hint', (level) => {
		const max = BYTE_CAPACITY[level][39]!
		const full = generateQr('a'.repeat(max), options({ errorCorrection: level }))
		expect(full.version).toBe(40)
		expect(full.capacity).toMatchObject({ used: max, limit: max, percent: 100 })
		const error = errorOf(() => generateQr('a'.repeat(max + 1), options({ errorCorrection: level })))
		expect(error.status).toBe(400)
		expect(error.message).toContain(`the content is ${(max + 1).toLocaleString('en-US')} bytes and a code at error correction ${level} holds at most ${max.toLocaleString('en-US')}`)
		if (level === 'L') expect(error.message).toMatch(/shorten the content by 1 byte\.$/)
		else expect(error.message).toMatch(/switch error correction to \w \(it holds up to/)
	})

	test('a long URL gets "shorten the URL"; 10 MB is refused by its byte count, before any encoding', () => {
		const url = `https://example.com/?q=${'x'.repeat(3000)}`
		expect(errorOf(() => generateQr(url, options({ errorCorrection: 'L' }))).message).toMatch(/shorten the URL/)
		// Our capacity message with the counted bytes, not the QR library's own "too big" from an
		// encoding attempt: the refusal came from the count (no clock: speed is in `npm run bench`).
		const error = errorOf(() => generateQr('x'.repeat(10 * 1024 * 1024), options()))
		expect(error.message).toMatch(/^Too long for a QR code: the content is 10,485,760 bytes/)
		expect(error.details).toMatchObject({ capacity: { used: 10 * 1024 * 1024 } })
	})

	test('empty input and bad options are clear errors', async () => {
		expect(errorOf(() => generateQr('', options())).message).toBe(EMPTY_MESSAGE)
		await expect(runCore(core, 'x', { dark: 'red' })).rejects.toMatchObject({ message: 'Validation failed: options.dark: Expected a colour as #rrggbb' })
		await expect(runCore(core, 'x', { size: 10_000 })).rejects.toMatchObject({ status: 400 })
	})
})

describe('look', () => {
	test('low contrast, inverted colours, transparency and a thin quiet zone are warned about', () => {
		expect(lookWarnings(options())).toEqual([])
		expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21)
		expect(lookWarnings(options({ dark: '#999999', light: '#aaaaaa' }))[0]).toMatch(/contrast between the colours is too low/)
		expect(lookWarnings(options({ dark: '#ffffff', light: '#000000' }))).toEqual([expect.stringMatching(/colours are inverted/)])
		expect(lookWarnings(options({ transparent: true }))).toEqual([expect.stringMatching(/background is transparent/)])
		expect(lookWarnings(options({ margin: 1 }))).toEqual([expect.stringMatching(/quiet zone/)])
	})

	test('SVG: the chosen size in whole pixels a module, the chosen colours, nothing else', () => {
		const result = generateQr('hello', options({ size: 300, margin: 4, dark: '#112233', light: '#FFEEDD' }))
		expect(result.format).toBe('svg')
		// 21 modules + 8 of quiet zone = 29; 300 / 29 → 10 px a module.
		expect(result.width).toBe(290)
		expect(result.output).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="290" height="290" viewBox="0 0 29 29"/)
		expect(result.output).toContain('<rect width="29" height="29" fill="#ffeedd"/>')
		expect(result.output).toContain('<path fill="#112233" d="M4 4h7v1h-7z')
		expect(generateQr('hello', options({ transparent: true })).output).not.toContain('<rect')
	})

	test('PNG: a palette image whose deflate stream zlib reads back', () => {
		const result = generateQr('hello', options({ format: 'png', size: 290, transparent: true }))
		expect(result.svg).toMatch(/^<svg/)
		const png = Buffer.from(result.output.replace(/^data:image\/png;base64,/, ''), 'base64')
		expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
		expect(png.readUInt32BE(16)).toBe(290)
		expect(png.includes(Buffer.from('tRNS'))).toBe(true)
		const idat = png.indexOf('IDAT')
		const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)))
		expect(raw.length).toBe((Math.ceil(290 / 8) + 1) * 290)
		// Small: repeated rows and runs compress well.
		expect(png.length).toBeLessThan(3000)
	})

	test('the deflate encoder round-trips any bytes', () => {
		const data = Uint8Array.from({ length: 5000 }, (_, index) => (index % 700 < 400 ? 0 : (index * 31) & 0xff))
		expect(inflateRawSync(deflateRuns(data)).equals(Buffer.from(data))).toBe(true)
	})
})
