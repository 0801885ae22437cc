import { describe, expect, test } from 'vitest'
import { ToolError } from '#app/tools/kit/core.ts'
import {
	buildUrl,
	core,
	EMPTY_MESSAGES,
	encodeQueryPart,
	findDoubleEncoding,
	formatQuery,
	hasPercentEscape,
	hostToAscii,
	hostToUnicode,
	MAX_DECODE_ROUNDS,
	parseQuery,
	parseUrl,
	percentDecode,
	percentEncode,
	SUMMARY_QUERY_LIMIT,
	urlOptionsSchema,
	type ParsedUrl,
	type UrlDecodeResult,
	type UrlEncodeResult,
	type UrlOptions,
	type UrlParseResult,
} from './core.ts'

function run(input: string, overrides: Partial<UrlOptions>): UrlEncodeResult | UrlDecodeResult | UrlParseResult {
	return core.run(input, urlOptionsSchema.parse(overrides)) as UrlEncodeResult | UrlDecodeResult | UrlParseResult
}
const encode = (input: string, overrides: Partial<UrlOptions> = {}) => run(input, { action: 'encode', ...overrides }) as UrlEncodeResult
const decode = (input: string, overrides: Partial<UrlOptions> = {}) => run(input, { action: 'decode', ...overrides }) as UrlDecodeResult
const parse = (input: string) => run(input, { action: 'parse' }) as UrlParseResult

type Problem = { message: string; line: number; column: number; offset: number; sequence?: string }

function toolError(work: () => unknown): ToolError & { details: Record<string, unknown> & { errors?: Array<Problem> } } {
	try {
		work()
	} catch (error) {
		expect(error).toBeInstanceOf(ToolError)
		return error as ToolError & { details: Record<string, unknown> & { errors?: Array<Problem> } }
	}
	throw new Error('expected a ToolError')
}

/** Every character class the encoders treat differently, plus emoji, CJK and right-to-left text. */
const SAMPLE = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~\u007f\t\r\n' + 'é ß 😀 👩‍👩‍👧‍👦 🇫🇷 你好 مرحبا שלום \u00a0\u200b'

describe('options', () => {
	test('{} parses to the defaults', () => {
		expect(urlOptionsSchema.parse({})).toEqual({ action: 'encode', mode: 'component', plusAsSpace: false, decodeUntilStable: false })
	})

	test('unknown keys and values are refused', () => {
		expect(urlOptionsSchema.safeParse({ strict: true }).success).toBe(false)
		expect(urlOptionsSchema.safeParse({ mode: 'path' }).success).toBe(false)
	})

	test('the core is registered under its slug', () => {
		expect(core.slug).toBe('url-encoder')
	})

	test('empty input is an error for each action', () => {
		expect(toolError(() => encode('')).message).toBe('Enter some text to encode.')
		expect(toolError(() => decode('')).message).toBe('Enter some text to decode.')
		expect(toolError(() => parse('  ')).message).toBe(EMPTY_MESSAGES.parse)
	})
})

describe('encode', () => {
	test('component is encodeURIComponent', () => {
		expect(encode(SAMPLE).output).toBe(encodeURIComponent(SAMPLE))
		expect(encode('a b&c=d/é😀').output).toBe('a%20b%26c%3Dd%2F%C3%A9%F0%9F%98%80')
	})

	test('uri is encodeURI, keeping the URL’s delimiters', () => {
		expect(encode(SAMPLE, { mode: 'uri' }).output).toBe(encodeURI(SAMPLE))
		expect(encode('https://example.com/a b?q=é&x=1#top', { mode: 'uri' }).output).toBe('https://example.com/a%20b?q=%C3%A9&x=1#top')
	})

	test("rfc3986 also encodes !'()* and leaves only unreserved characters", () => {
		expect(encode("!'()*~-._", { mode: 'rfc3986' }).output).toBe('%21%27%28%29%2A~-._')
		const output = encode(SAMPLE, { mode: 'rfc3986' }).output
		expect(output.replace(/%[0-9A-F]{2}/g, '')).toMatch(/^[A-Za-z0-9\-._~]*$/)
		expect(decodeURIComponent(output)).toBe(SAMPLE)
	})

	test('form writes what URLSearchParams writes (space as +)', () => {
		expect(encode(SAMPLE, { mode: 'form' }).output).toBe(new URLSearchParams({ x: SAMPLE }).toString().slice(2))
		expect(encode('a b+c', { mode: 'form' }).output).toBe('a+b%2Bc')
		expect(encode("*-._~!'()", { mode: 'form' }).output).toBe('*-._%7E%21%27%28%29')
	})

	test('emoji, CJK and right-to-left text', () => {
		expect(encode('你好').output).toBe('%E4%BD%A0%E5%A5%BD')
		expect(encode('مرحبا').output).toBe('%D9%85%D8%B1%D8%AD%D8%A8%D8%A7')
		expect(encode('🇫🇷').output).toBe('%F0%9F%87%AB%F0%9F%87%B7')
	})

	test('a lone surrogate is an error naming its position, in every mode', () => {
		for (const mode of ['component', 'uri', 'rfc3986', 'form'] as const) {
			const error = toolError(() => encode('ok\n😀 \ud83d!', { mode }))
			expect(error.message).toBe('Lone surrogate U+D83D at line 2, column 3: it is half of a character (an emoji cut in two?) and cannot be percent-encoded.')
			expect(error.details).toMatchObject({ line: 2, column: 3, offset: 6 })
		}
		expect(() => encodeURIComponent('\ud83d')).toThrow(URIError)
		expect(toolError(() => percentEncode('a\udc00', 'component')).details).toMatchObject({ column: 2 })
	})

	test('notes when the text is already encoded', () => {
		expect(encode('a%20b').notes[0]).toMatch(/already holds percent-escapes/)
		expect(encode('100% sure').notes).toEqual([])
	})

	test('stats count characters and UTF-8 bytes', () => {
		expect(encode('é😀').stats).toEqual({ inputChars: 2, outputChars: 18, inputBytes: 6, outputBytes: 18 })
	})
})

describe('decode', () => {
	test('round-trips every encode mode', () => {
		for (const mode of ['component', 'uri', 'rfc3986', 'form'] as const) {
			expect(decode(encode(SAMPLE, { mode }).output, { mode }).output).toBe(SAMPLE)
		}
	})

	test('agrees with decodeURIComponent on valid input', () => {
		for (const text of ['a%20b', '%F0%9F%98%80', '%e4%bd%a0%E5%A5%BD', 'plain', '%2F%3f%23', 'caf%C3%A9 ok', 'é stays é', '100%25']) {
			expect(percentDecode(text)).toBe(decodeURIComponent(text))
		}
	})

	test('uri mode keeps escaped delimiters, as decodeURI does', () => {
		for (const text of ['a%2Fb%20c', '%3B%2F%3F%3A%40%26%3D%2B%24%2C%23', '%41%2f%e2%82%ac']) {
			expect(decode(text, { mode: 'uri' }).output).toBe(decodeURI(text))
		}
	})

	test('+ is a space only when asked, and always in form mode', () => {
		expect(decode('a+b%2Bc').output).toBe('a+b+c')
		expect(decode('a+b%2Bc', { plusAsSpace: true }).output).toBe('a b+c')
		expect(decode('a+b%2Bc', { mode: 'form' }).output).toBe('a b+c')
	})

	test('malformed escapes name their position and sequence', () => {
		const cases: Array<[string, RegExp, Partial<Problem>]> = [
			[
				'%',
				/^Incomplete percent-escape '%' at line 1, column 1: '%' must be followed by two hex digits \(write %25 for a literal %\)\.$/,
				{ offset: 0, sequence: '%' },
			],
			['abc%', /^Incomplete percent-escape '%' at line 1, column 4/, { offset: 3 }],
			['%A', /^Incomplete percent-escape '%A' at line 1, column 1/, { sequence: '%A' }],
			['x%zz', /^Invalid percent-escape '%zz' at line 1, column 2: '%' must be followed by two hex digits 0–9 A–F/, { offset: 1, sequence: '%zz' }],
			['%4g', /^Invalid percent-escape '%4g'/, { sequence: '%4g' }],
			['100% sure', /^Invalid percent-escape '%' at line 1, column 4/, { sequence: '%' }],
			[
				'%C3%28',
				/^Invalid UTF-8 sequence '%C3%28' at line 1, column 1: %C3 starts a 2-byte character, but %28 is not a continuation byte \(%80–%BF\)\.$/,
				{ sequence: '%C3%28' },
			],
			['%80', /^Invalid UTF-8 sequence '%80' at line 1, column 1: %80 is a continuation byte with no lead byte before it\.$/, { sequence: '%80' }],
			['%C0%AF', /^Invalid UTF-8 sequence '%C0%AF' .*overlong/, { sequence: '%C0%AF' }],
			['%E0%80%80', /^Invalid UTF-8 sequence '%E0%80%80' .*overlong/, { sequence: '%E0%80%80' }],
			['%ED%A0%80', /^Invalid UTF-8 sequence '%ED%A0%80' .*surrogate/, { sequence: '%ED%A0%80' }],
			['%F4%90%80%80', /^Invalid UTF-8 sequence '%F4%90%80%80' .*beyond U\+10FFFF/, { sequence: '%F4%90%80%80' }],
			['%FF', /^Invalid UTF-8 sequence '%FF' .*never appears in UTF-8/, { sequence: '%FF' }],
			[
				'%E2%82x',
				/^Incomplete UTF-8 sequence '%E2%82' at line 1, column 1: %E2 starts a 3-byte character, but only 1 continuation byte follows\.$/,
				{ sequence: '%E2%82' },
			],
			['%F0', /^Incomplete UTF-8 sequence '%F0' .*no continuation byte follows/, { sequence: '%F0' }],
			['ok\nthen %😀', /^Invalid percent-escape '%😀' at line 2, column 6/, { line: 2, column: 6, offset: 8 }],
		]
		for (const [input, message, details] of cases) {
			const error = toolError(() => decode(input))
			expect(error.message, input).toMatch(message)
			expect(error.details, input).toMatchObject(details)
			expect(() => decodeURIComponent(input)).toThrow(URIError)
		}
	})

	test('%E0%A4%A: the incomplete character and the cut-short escape are both reported, first one first', () => {
		const error = toolError(() => decode('%E0%A4%A'))
		expect(error.message).toBe(
			"Incomplete UTF-8 sequence '%E0%A4' at line 1, column 1: %E0 starts a 3-byte character, but only 1 continuation byte follows. (1 more malformed escape follows.)",
		)
		expect(error.details.errors?.map((problem) => [problem.offset, problem.sequence])).toEqual([
			[0, '%E0%A4'],
			[6, '%A'],
		])
	})

	test('every malformed escape is listed (up to 100)', () => {
		const error = toolError(() => decode('a%zz b%C3%28\nc %80 ok %E2%82 %'))
		expect(error.details.errors?.map((problem) => `${problem.line}:${problem.column} ${problem.sequence}`)).toEqual([
			'1:2 %zz',
			'1:7 %C3%28',
			'2:3 %80',
			'2:10 %E2%82',
			'2:17 %',
		])
		expect(error.message).toMatch(/\(4 more malformed escapes follow\.\)$/)
		const many = toolError(() => decode('%'.repeat(500)))
		expect(many.details.errors).toHaveLength(100)
		expect(many.message).toMatch(/499 more malformed escapes follow/)
	})

	test('a valid character after a bad sequence still decodes (a second lead byte starts afresh)', () => {
		const error = toolError(() => decode('%C3%C3%A9'))
		expect(error.details.errors).toHaveLength(1)
		expect(error.details.errors?.[0]?.sequence).toBe('%C3%C3')
	})

	test('double encoding is detected and explained', () => {
		const result = decode('a%2520b%253D')
		expect(result).toMatchObject({ output: 'a%20b%3D', doubleEncoded: true, rounds: 1 })
		expect(result.notes[0]).toBe(
			'The text looks double-encoded: %2520 decodes to %20, which is still an escape. Turn on "Decode until stable" to decode it fully.',
		)
		expect(decode('%253D').notes[0]).toMatch(/%253D decodes to %3D/)
		expect(decode('100%25 sure')).toMatchObject({ output: '100% sure', doubleEncoded: false, notes: [] })
		expect(decode('a%2Fb', { mode: 'uri' }).doubleEncoded).toBe(false)
	})

	test('decode until stable decodes every layer and counts the rounds', () => {
		expect(decode('a%2520b%253D', { decodeUntilStable: true })).toMatchObject({ output: 'a b=', rounds: 2, doubleEncoded: true })
		expect(decode('%252520', { decodeUntilStable: true })).toMatchObject({ output: ' ', rounds: 3 })
		expect(decode('a%20b', { decodeUntilStable: true })).toMatchObject({ output: 'a b', rounds: 1, doubleEncoded: false })
		expect(decode('plain', { decodeUntilStable: true })).toMatchObject({ output: 'plain', rounds: 1 })
		expect(decode('%252520', { decodeUntilStable: true }).notes[0]).toBe('The text was encoded more than once (%2525); decoded 3 times.')
	})

	test('decode until stable stops at 10 rounds', () => {
		let text = 'a b'
		for (let round = 0; round < 12; round++) text = encodeURIComponent(text)
		const result = decode(text, { decodeUntilStable: true })
		expect(result.rounds).toBe(MAX_DECODE_ROUNDS)
		expect(result.output).toBe('a%2520b')
		expect(result.notes.at(-1)).toBe('Stopped after 10 rounds; the text still holds percent-escapes.')
	})

	test('decode until stable stops, with a note, when a later round is malformed', () => {
		const result = decode('%2541%25', { decodeUntilStable: true })
		expect(result).toMatchObject({ output: '%41%', rounds: 1 })
		expect(result.notes.some((note) => note.startsWith('Stopped after 1 round: decoding again fails (Incomplete percent-escape'))).toBe(true)
	})

	test('helpers', () => {
		expect(hasPercentEscape('a%2')).toBe(false)
		expect(hasPercentEscape('a%2f')).toBe(true)
		expect(findDoubleEncoding('x%2541')).toBe('%2541')
		expect(findDoubleEncoding('x%25zz%25')).toBeNull()
	})

	test('hostile input decodes in linear time (no backtracking), e.g. 1 MB of escapes', () => {
		const big = '%41'.repeat(350_000)
		expect(decode(big).output).toBe('A'.repeat(350_000))
		expect(toolError(() => decode(`${'%E2%82'.repeat(100_000)}x`)).details.errors).toHaveLength(100)
	})
})

describe('parse', () => {
	const full = 'https://user:p%40ss@bücher.example:8080/a%20b/c?q=1&q=2&x=a+b&flag&empty=#frag%20ment'

	test('takes a URL apart', () => {
		const result = parse(full)
		expect(result.impliedScheme).toBe(false)
		expect(result.parsed).toEqual({
			href: 'https://user:p%40ss@xn--bcher-kva.example:8080/a%20b/c?q=1&q=2&x=a+b&flag&empty=#frag%20ment',
			scheme: 'https',
			username: 'user',
			password: 'p%40ss',
			host: 'bücher.example',
			hostPunycode: 'xn--bcher-kva.example',
			port: '8080',
			path: '/a%20b/c',
			query: [
				{ key: 'q', value: '1' },
				{ key: 'q', value: '2' },
				{ key: 'x', value: 'a b' },
				{ key: 'flag', value: '', noEquals: true },
				{ key: 'empty', value: '' },
			],
			fragment: 'frag%20ment',
			origin: 'https://xn--bcher-kva.example:8080',
		} satisfies ParsedUrl)
	})

	test('the summary is readable, one part a line', () => {
		expect(parse(full).output).toBe(
			[
				'URL: https://user:p%40ss@xn--bcher-kva.example:8080/a%20b/c?q=1&q=2&x=a+b&flag&empty=#frag%20ment',
				'Scheme: https',
				'Username: user',
				'Password: p%40ss (decoded: p@ss)',
				'Host: bücher.example',
				'Host (punycode): xn--bcher-kva.example',
				'Port: 8080',
				'Path: /a%20b/c (decoded: /a b/c)',
				'Query: 5 parameters',
				'  q = 1',
				'  q = 2',
				'  x = a b',
				'  flag',
				'  empty = ',
				'Fragment: frag%20ment (decoded: frag ment)',
				'Origin: https://xn--bcher-kva.example:8080',
			].join('\n'),
		)
		expect(parse('https://example.com').output).toBe(
			[
				'URL: https://example.com/',
				'Scheme: https',
				'Host: example.com',
				'Port: (default, 443)',
				'Path: /',
				'Query: (none)',
				'Fragment: (none)',
				'Origin: https://example.com',
			].join('\n'),
		)
	})

	test('international names in Unicode and punycode, both ways in', () => {
		for (const input of ['http://例子.测试/', 'http://xn--fsqu00a.xn--0zwm56d/']) {
			const { parsed, notes } = parse(input)
			expect(parsed.host).toBe('例子.测试')
			expect(parsed.hostPunycode).toBe('xn--fsqu00a.xn--0zwm56d')
			expect(notes).toContain('The host is an international domain name: it travels as punycode.')
		}
		expect(parse('https://مثال.إختبار/').parsed.hostPunycode).toBe('xn--mgbh0fb.xn--kgbechtv')
		expect(hostToUnicode('xn--bcher-kva.XN--zz-invalid-\u00e9.com')).toBe('bücher.XN--zz-invalid-\u00e9.com')
		expect(hostToAscii('bücher.example')).toBe('xn--bcher-kva.example')
	})

	test('IPv6 hosts, other schemes, file URLs', () => {
		expect(parse('http://[::1]:3000/x').parsed).toMatchObject({ host: '[::1]', port: '3000', path: '/x' })
		expect(parse('mailto:someone@example.com?subject=Hi%20there').parsed).toMatchObject({
			scheme: 'mailto',
			host: '',
			path: 'someone@example.com',
			query: [{ key: 'subject', value: 'Hi there' }],
			origin: 'null',
		})
		expect(parse('file:///C:/Users/me/a%20b.txt').parsed).toMatchObject({ scheme: 'file', host: '', path: '/C:/Users/me/a%20b.txt' })
		expect(parse('HTTPS://EXAMPLE.com:443/').parsed).toMatchObject({ scheme: 'https', host: 'example.com', port: '' })
	})

	test('without a scheme, https:// is implied (and said so)', () => {
		const cases: Array<[string, string]> = [
			['example.com/path?q=1', 'https://example.com/path?q=1'],
			['localhost:3000/x', 'https://localhost:3000/x'],
			['example.com:8080', 'https://example.com:8080/'],
			['//cdn.example.com/a.js', 'https://cdn.example.com/a.js'],
			['  www.example.org  ', 'https://www.example.org/'],
		]
		for (const [input, href] of cases) {
			const result = parse(input)
			expect(result.parsed.href, input).toBe(href)
			expect(result.impliedScheme, input).toBe(true)
			expect(result.notes[0]).toBe('No scheme was given, so the URL was read as https://….')
		}
		expect(parse('mailto:123').impliedScheme).toBe(false)
	})

	test('an unparseable URL is an error', () => {
		for (const input of ['http://exa mple.com', 'https://[::1', 'http://a:99999/', 'no spaces allowed.com/ x y', 'https://ex%ample.com']) {
			expect(toolError(() => parse(input)).message, input).toMatch(/^Not a valid URL: "/)
		}
		expect(toolError(() => parse('http://exa mple.com')).message).toBe('Not a valid URL: "http://exa mple.com" (check the host name and port).')
	})

	test('a URL with 100,000 query parameters parses, with all of them in order', () => {
		const count = 100_000
		const url = `https://example.com/search?${Array.from({ length: count }, (_, index) => `k${index % 1000}=v${index}`).join('&')}`
		const result = parse(url)
		expect(result.parsed.query).toHaveLength(count)
		expect(result.parsed.query[0]).toEqual({ key: 'k0', value: 'v0' })
		expect(result.parsed.query[99_999]).toEqual({ key: 'k999', value: 'v99999' })
		const lines = result.output.split('\n')
		expect(lines).toContain('Query: 100,000 parameters')
		expect(lines).toContain(`  … and ${(count - SUMMARY_QUERY_LIMIT).toLocaleString('en-US')} more`)
		expect(buildUrl(result.parsed)).toBe(url)
	})

	test('inputs built to make regular expressions backtrack are harmless', () => {
		// A scheme of 50,000 letters and an opaque path: valid, if odd.
		expect(parse(`${'a'.repeat(50_000)}:${'1'.repeat(50_000)}x`).parsed.scheme).toHaveLength(50_000)
		expect(toolError(() => parse(`${'a'.repeat(50_000)} :${'1'.repeat(50_000)}`)).message).toMatch(/^Not a valid URL/)
		expect(parse(`${'a.'.repeat(10_000)}com:${'1'.repeat(4)}`).impliedScheme).toBe(true)
		expect(parse(`https://example.com/?${'a=&'.repeat(20_000)}`).parsed.query).toHaveLength(20_000)
	})
})

describe('query helpers', () => {
	test('parseQuery reads as URLSearchParams reads', () => {
		const search = '?a=1&&b=x+y&c=%E2%82%AC&d=%zz&e=%C3%28&=v&f=1=2'
		const entries = parseQuery(search)
		expect(entries.map(({ key, value }) => [key, value])).toEqual([...new URLSearchParams(search)])
		expect(parseQuery('')).toEqual([])
		expect(parseQuery('?')).toEqual([])
		expect(parseQuery('x&y=')).toEqual([
			{ key: 'x', value: '', noEquals: true },
			{ key: 'y', value: '' },
		])
	})

	test('encodeQueryPart keeps readable characters and encodes the rest', () => {
		expect(encodeQueryPart("a b&c=d+e#f%g;h'i", 'key')).toBe('a%20b%26c%3Dd%2Be%23f%25g%3Bh%27i')
		expect(encodeQueryPart('a=b', 'value')).toBe('a=b')
		expect(encodeQueryPart('/path:x@y?z,!$()*~', 'value')).toBe('/path:x@y?z,!$()*~')
		expect(encodeQueryPart('é😀你', 'value')).toBe('%C3%A9%F0%9F%98%80%E4%BD%A0')
	})

	test('formatQuery round-trips through parseQuery', () => {
		const entries = [
			{ key: 'q', value: 'a b & c = d + e # f % g' },
			{ key: 'q', value: '😀 你好 مرحبا' },
			{ key: 'k=y', value: '' },
			{ key: 'flag', value: '', noEquals: true },
			{ key: '', value: 'no key' },
		]
		expect(parseQuery(formatQuery(entries))).toEqual(entries)
	})
})

describe('buildUrl', () => {
	const canonical = [
		'https://example.com/',
		'https://user:p%40ss@xn--bcher-kva.example:8080/a%20b/c?q=1&q=2&flag&empty=#frag',
		'http://[::1]:3000/x?y=1',
		'mailto:someone@example.com?subject=Hi%20there',
		'file:///C:/Users/me/a%20b.txt',
		'https://example.com/search?q=a%20b&lang=en&redirect=/home?x=1#results',
		'ftp://files.example.com/pub/',
		'urn:isbn:0451450523',
		'wss://example.com/socket?token=abc==',
		'foo://host.example/p?x=1',
	]

	test('rebuilds an unedited canonical URL exactly', () => {
		for (const url of canonical) expect(buildUrl(parseUrl(url).parsed), url).toBe(url)
	})

	test('rebuilds any URL to one that parses to the same parts', () => {
		for (const url of [...canonical, 'https://example.com/?x=a+b&y=%7e&z=%2B', 'https://example.com/?a=1&&b', 'https://例子.测试/路径?键=值#片段']) {
			const parsed = parseUrl(url).parsed
			const rebuilt = buildUrl(parsed)
			const again = parseUrl(rebuilt).parsed
			expect({ ...again, href: '' }, url).toEqual({ ...parsed, href: '' })
		}
	})

	test('edits: new parameters, Unicode host, typed spaces', () => {
		const parsed = parseUrl('https://example.com/a?x=1').parsed
		const href = buildUrl({
			...parsed,
			host: 'bücher.example',
			path: '/new path/ü',
			query: [...parsed.query, { key: 'q', value: 'a&b=c d+e#f' }, { key: 'emoji', value: '😀' }],
			fragment: 'sec tion',
		})
		expect(href).toBe('https://xn--bcher-kva.example/new%20path/%C3%BC?x=1&q=a%26b=c%20d%2Be%23f&emoji=%F0%9F%98%80#sec%20tion')
		expect(parseUrl(href).parsed.query).toEqual([
			{ key: 'x', value: '1' },
			{ key: 'q', value: 'a&b=c d+e#f' },
			{ key: 'emoji', value: '😀' },
		])
	})

	test('removing every parameter and the fragment drops ? and #', () => {
		expect(buildUrl({ ...parseUrl('https://example.com/p?a=1#x').parsed, query: [], fragment: '' })).toBe('https://example.com/p')
	})

	test('a ? or # typed in a path stays in the path', () => {
		expect(buildUrl({ scheme: 'https', host: 'example.com', path: '/what?#' })).toBe('https://example.com/what%3F%23')
		expect(buildUrl({ scheme: 'mailto', path: 'a@b.c?x#y' })).toBe('mailto:a@b.c%3Fx%23y')
	})

	test('minimal parts', () => {
		expect(buildUrl({ scheme: 'https', host: 'example.com' })).toBe('https://example.com/')
		expect(buildUrl({ scheme: 'HTTPS:', host: 'Example.COM', port: '443' })).toBe('https://example.com/')
		expect(buildUrl({ scheme: 'http', host: 'example.com', port: '8080', username: 'me', password: 'p@ss w' })).toBe('http://me:p%40ss%20w@example.com:8080/')
	})

	test('bad parts are errors', () => {
		const cases: Array<[Parameters<typeof buildUrl>[0], RegExp]> = [
			[{ scheme: '1http', host: 'x.com' }, /scheme "1http"/],
			[{ scheme: 'https', host: 'a b.com' }, /host "a b.com" cannot contain/],
			[{ scheme: 'https', host: 'a/b' }, /host "a\/b"/],
			[{ scheme: 'https', host: 'x.com', port: '99999' }, /port "99999"/],
			[{ scheme: 'https', host: 'x.com', port: 'http' }, /port "http"/],
			[{ scheme: 'https', host: 'ex%ample.com' }, /^Not a valid URL/],
			[{ scheme: 'https', host: '' }, /^Not a valid URL/],
			[{ scheme: 'https', host: 'x.com', query: [{ key: 'a', value: '\ud800' }] }, /query parameter 1 holds a lone surrogate/],
		]
		for (const [parts, message] of cases) expect(toolError(() => buildUrl(parts)).message).toMatch(message)
	})
})

test('results are JSON-serialisable', () => {
	for (const result of [encode('a b'), decode('%2520'), parse('https://bücher.example/?a=1&b')]) {
		expect(JSON.parse(JSON.stringify(result))).toEqual(result)
	}
})
