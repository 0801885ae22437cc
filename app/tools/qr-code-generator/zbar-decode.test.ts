/**
 * An independent decoder reads every code the tool makes: `zbarimg` (Debian's
 * zbar-tools, installed by .ci/run) decodes the PNG the core renders, for
 * every content type at every error-correction level, and the text it reads
 * must be the payload exactly, byte for byte (escapes, CRLF, folding, emoji,
 * right-to-left and combining characters included).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, test } from 'vitest'
import { errorCorrectionLevels, generateQr, qrOptionsSchema } from './core.ts'
import { buildPayload, type ContentType, type Fields } from './payload.ts'

const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'qr-zbar-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const samples: Record<ContentType, { fields: Fields; text?: string }> = {
	text: { fields: {}, text: 'https://example.com/søg?q=ǅemal+ﬁrst&lang=עברית#👋 e\u0301' },
	wifi: { fields: { ssid: 'Cafe ;:,\\" net', password: 'p@ss;word:"1"', security: 'WPA', hidden: 'on' } },
	email: { fields: { to: 'ana@example.com', subject: 'Hello & welcome', body: 'Line one\nLine two ✓' } },
	phone: { fields: { phone: '+44 20 7946 0958' } },
	sms: { fields: { smsNumber: '+1 555 0100', smsMessage: 'Running late: 10 min, sorry!' } },
	vcard: {
		fields: {
			firstName: 'Zoë',
			lastName: 'Ünal-Ο\'Brien; Jr.',
			org: 'Acme, Inc. — مكتب الشرق الأوسط والبحر الأبيض المتوسط للتجارة والتطوير',
			mobile: '+90 532 000 00 00',
			vcardEmail: 'zoe@example.com',
			website: 'https://example.com',
			street: 'İstiklal Cd. 1\nKat 2',
			city: 'İstanbul',
			country: 'Türkiye',
		},
	},
	geo: { fields: { latitude: '-33.8567844', longitude: '151.213108' } },
	event: {
		fields: {
			summary: 'Launch; party, v2 🎉',
			start: '2026-12-01T18:30',
			end: '2026-12-01T21:00',
			location: 'Hall 1\\2',
			description: 'Bring food.\nA long description that needs folding because it goes on for well over seventy-five octets.',
		},
	},
}

async function zbar(png: Buffer, name: string): Promise<string> {
	const file = join(dir, `${name}.png`)
	writeFileSync(file, png)
	const { stdout } = await run('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', file], { encoding: 'buffer', timeout: 10_000 })
	// zbarimg ends each symbol with a newline.
	return stdout.toString('utf8').replace(/\n$/, '')
}

describe.each(Object.entries(samples))('%s', (type, sample) => {
	const payload = buildPayload(type as ContentType, sample.fields, sample.text)

	test.each(errorCorrectionLevels)('error correction %s decodes to the exact payload', async (level) => {
		const result = generateQr(payload, qrOptionsSchema.parse({ format: 'png', errorCorrection: level, size: 256 }))
		expect(result.errorCorrection).toBe(level)
		const png = Buffer.from(result.output.slice(result.output.indexOf(',') + 1), 'base64')
		expect(await zbar(png, `${type}-${level}`)).toBe(payload)
	})
})

test.each([
	['custom colours and a narrow quiet zone', { dark: '#1e3a8a', light: '#fef3c7', margin: 2 }],
	['a transparent background', { transparent: true }],
])('%s still decode', async (name, look) => {
	const payload = 'WIFI:T:WPA;S:Home;P:secret123;;'
	const result = generateQr(payload, qrOptionsSchema.parse({ format: 'png', ...look }))
	const png = Buffer.from(result.output.slice(result.output.indexOf(',') + 1), 'base64')
	expect(await zbar(png, name.replace(/\W+/g, '-'))).toBe(payload)
})
