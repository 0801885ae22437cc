/**
 * robots.txt Generator & Tester on the server: `POST /api/tools/robots-txt`
 * in both modes, the hostile inputs (500 KB with 10,000 rules, 10 MB,
 * malformed lines, emoji/RTL/combining), bad options and the limits, usage
 * counting without content, and the page's form action for each form (no
 * JavaScript) — through the real worker pool and database.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { closeJobPool } from '#app/jobs/pool.server.ts'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import * as pageRoute from '#app/tools/robots-txt/page.tsx'
import { resetDatabase } from '#tests/setup/db.ts'
import { countedRuns, postToolApi, postToolForm, type Json } from '#tests/setup/tool-api.ts'

beforeEach(resetDatabase)
afterAll(closeJobPool)

const SLUG = 'robots-txt'
const run = (input: string, options?: Record<string, unknown>) => postToolApi(SLUG, input, options)

describe('POST /api/tools/robots-txt', () => {
	test('test mode: the verdict, the deciding rule and group, one result per URL', async () => {
		const robots = 'User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: Googlebot\nDisallow: /drafts/\n\nSitemap: https://example.com/sitemap.xml'
		const { status, body } = await run(robots, { url: 'https://example.com/drafts/a\n/private/x', userAgent: 'Googlebot-Image' })
		expect(status).toBe(200)
		expect(body).toMatchObject({
			mode: 'test',
			allowed: false,
			verdict: 'blocked',
			rule: { line: 6, type: 'disallow', pattern: '/drafts/' },
			group: { agents: ['Googlebot'], lines: [5], matchedAs: 'Googlebot' },
			userAgent: 'Googlebot-Image',
			sitemaps: ['https://example.com/sitemap.xml'],
			warnings: [],
		})
		expect(body.results.map((each: Json) => each.allowed)).toEqual([false, true])
		expect(body.output).toMatch(/^Googlebot-Image \(follows Googlebot\)/)
	})

	test('generate mode: preset, rules per agent, AI crawlers and sitemaps make one file', async () => {
		const { status, body } = await run('User-agent: Bingbot\nCrawl-delay: 5\nDisallow: /tmp/', { mode: 'generate', preset: 'block-all', blockAi: true, sitemaps: 'https://example.com/sitemap.xml' })
		expect(status).toBe(200)
		expect(body.output).toMatch(/^User-agent: \*\nDisallow: \/\n\nUser-agent: Bingbot\nDisallow: \/tmp\/\nCrawl-delay: 5\n\nUser-agent: GPTBot\nUser-agent: ChatGPT-User\n/)
		expect(body.output).toMatch(/\n\nSitemap: https:\/\/example.com\/sitemap.xml\n$/)
		expect(body).toMatchObject({ mode: 'generate', groups: 3, sitemaps: ['https://example.com/sitemap.xml'] })
	})

	test('empty input: 400, except an empty robots.txt tested against a URL (RFC 9309: allowed)', async () => {
		expect((await run('')).body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Paste a robots.txt to check, or enter a URL to test.' })
		expect((await run('   ', { mode: 'generate' })).body).toMatchObject({ status: 400, message: 'Choose a preset or add rules for at least one user agent.' })
		const empty = await run('', { url: '/anything' })
		expect(empty.status).toBe(200)
		expect(empty.body).toMatchObject({ allowed: true, rule: null, group: null })
	})

	test('bad options: unknown keys, a crawler with no name, an unknown preset, too many URLs', async () => {
		expect((await run('User-agent: *', { shout: true })).body.message).toMatch(/Unrecognized key/)
		expect((await run('User-agent: *', { url: '/', userAgent: '😀' })).body).toMatchObject({ status: 400, message: /options\.userAgent/ })
		expect((await run('', { mode: 'generate', preset: 'joomla' })).status).toBe(400)
		const many = await run('User-agent: *', { url: '/a\n'.repeat(101) })
		expect(many.body).toMatchObject({ status: 422, message: 'Too many URLs: 101 (at most 100 at once).' })
		expect((await run('User-agent: *', { url: '/a'.repeat(10_001) })).body.message).toMatch(/^Validation failed: options\.url: at most 20,000 characters/)
	})

	test('500 KB with 10,000 wildcard rules: answered, and a rule deep in the file decides', async () => {
		const lines = ['User-agent: *']
		for (let index = 0; index < 10_000; index++) lines.push(`Disallow: /${'*a'.repeat(16)}*b${index}$`)
		lines.push('Allow: /deep/*/decides$')
		const { status, body } = await run(lines.join('\n'), { url: `/deep/${'a'.repeat(4000)}/decides\n/${'a'.repeat(4000)}b9999` })
		expect(status).toBe(200)
		expect(body.results.map((each: Json) => [each.allowed, each.rule.line])).toEqual([
			[true, 10_002],
			[false, 10_001],
		])
	})

	test('malformed lines, emoji, right-to-left and combining characters: warnings with their line, never an error', async () => {
		const robots = '\uFEFFUser-agent: *\r\nDissallow: /שלום/\rAllow /😀\nnonsense here now\nDisallow: /cafe\u0301\nSitemap: /map.xml\n\u0000\u202E'
		const { status, body } = await run(robots, { url: '/שלום/x\n/😀\n/cafe\u0301/menu' })
		expect(status).toBe(200)
		expect(body.results.map((each: Json) => each.allowed)).toEqual([false, true, false])
		expect(body.results[0].path).toBe('/%D7%A9%D7%9C%D7%95%D7%9D/x')
		expect(body.warnings.map((each: Json) => each.line)).toEqual([2, 3, 4, 6, 7])
	})

	test('10 MB: Google’s 500 KiB is read, the rest reported; over 10 MB is a 413', async () => {
		const robots = `User-agent: *\nDisallow: /early\n${'# padding\n'.repeat((MAX_INPUT_BYTES - 1024) / 10)}Disallow: /late\n`
		const { status, body } = await run(robots, { url: '/late\n/early' })
		expect(status).toBe(200)
		expect(body.results.map((each: Json) => each.allowed)).toEqual([true, false])
		expect(body.warnings.at(-1).message).toMatch(/^Google reads only the first 500 KiB/)
		expect((await run('a'.repeat(MAX_INPUT_BYTES + 1))).status).toBe(413)
	}, 60_000)

	test('each run is counted, never its content', async () => {
		await run('User-agent: secretbot\nDisallow: /secret/', { url: '/secret/x', userAgent: 'secretbot' })
		const { outcomes, stored } = await countedRuns(SLUG)
		expect(outcomes).toEqual(['ok'])
		expect(stored).not.toMatch(/secret/)
	})
})

describe('the page’s form action (no JavaScript)', () => {
	const post = (fields: Record<string, string>) => postToolForm(pageRoute.action, SLUG, fields)

	test('the tester posts its robots.txt, URLs and crawler', async () => {
		const response = await post({ mode: 'test', input: 'User-agent: *\nDisallow: /private/', url: '/private/a\n/public', userAgent: 'Bingbot' })
		expect(response.status).toBe(200)
		expect(response.data.result.results.map((each: Json) => each.allowed)).toEqual([false, true])
		expect(response.data.options).toMatchObject({ mode: 'test', userAgent: 'Bingbot', blockAi: false })
	})

	test('the generator posts its rows; they become the rules and come back', async () => {
		const response = await post({
			mode: 'generate',
			input: '',
			preset: 'wordpress',
			blockAi: 'on',
			agents_0: 'Googlebot',
			disallow_0: '/private/\r\n/tmp/',
			allow_0: '',
			crawlDelay_0: '',
			agents_1: '',
			disallow_1: '',
			allow_1: '',
			crawlDelay_1: '',
			sitemaps: 'https://example.com/sitemap.xml',
		})
		expect(response.status).toBe(200)
		expect(response.data.rows).toEqual([{ agents: 'Googlebot', disallow: '/private/\r\n/tmp/', allow: '', crawlDelay: '' }])
		expect(response.data.result.output).toMatch(/^User-agent: \*\nDisallow: \/wp-admin\/\n[\s\S]*\n\nUser-agent: Googlebot\nDisallow: \/private\/\nDisallow: \/tmp\/\n\nUser-agent: GPTBot\n[\s\S]*Sitemap: https:\/\/example.com\/sitemap.xml\n$/)
		const nothing = await post({ mode: 'generate', input: '', preset: 'none' })
		expect(nothing.status).toBe(400)
		expect(nothing.data.error.message).toBe('Choose a preset or add rules for at least one user agent.')
	})
})
