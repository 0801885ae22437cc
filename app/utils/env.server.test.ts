import { afterEach, expect, test } from 'vitest'
import { defaultSiteUrl, getEnv, resetEnvCache } from './env.server.ts'

const saved = { PORT: process.env.PORT, SITE_URL: process.env.SITE_URL }

function withEnv(values: { PORT?: string; SITE_URL?: string }) {
	for (const name of ['PORT', 'SITE_URL'] as const) {
		if (values[name] === undefined) delete process.env[name]
		else process.env[name] = values[name]
	}
	resetEnvCache()
	return getEnv()
}

afterEach(() => withEnv(saved))

test('SITE_URL defaults to http://localhost:$PORT, as the README says', () => {
	expect(withEnv({ PORT: '3456' })).toMatchObject({ PORT: 3456, SITE_URL: 'http://localhost:3456' })
	expect(defaultSiteUrl(3456)).toBe('http://localhost:3456')
})

test('without PORT either, both are the documented defaults', () => {
	expect(withEnv({})).toMatchObject({ PORT: 3000, SITE_URL: 'http://localhost:3000' })
	// An empty value in an env file means unset.
	expect(withEnv({ PORT: '', SITE_URL: '' })).toMatchObject({ PORT: 3000, SITE_URL: 'http://localhost:3000' })
})

test('a SITE_URL that is set wins over the port, without its trailing slash', () => {
	expect(withEnv({ PORT: '3456', SITE_URL: 'https://tools.example.com/' }).SITE_URL).toBe('https://tools.example.com')
})

test('an invalid PORT or SITE_URL stops the start with the variable named', () => {
	expect(() => withEnv({ PORT: 'eighty' })).toThrow(/PORT/)
	expect(() => withEnv({ PORT: '70000' })).toThrow(/PORT/)
	expect(() => withEnv({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/)
})
