/**
 * The robots.txt parser, matcher and generator: RFC 9309's examples
 * (§2.2.1, §2.2.2's percent-encoding table, §2.2.3's special characters,
 * §5.1, §5.2) and a set of the expectations of Google's open-source parser
 * (github.com/google/robotstxt, robots_test.cc), written here as data; then
 * the generator's presets and the hostile inputs (500 KB with 10,000 rules,
 * 10 MB, emoji, RTL, combining).
 */
import { describe, expect, test } from 'vitest'
import { runRobots, runTest, type RobotsOptions } from './core.ts'
import { AI_CRAWLERS, resolveCrawler } from './crawlers.ts'
import { generateRobotsTxt, PRESET_IDS, rowsToRules } from './generate.ts'
import { MAX_ROBOTS_BYTES, parseRobots, pathOf, percentEncode, patternMatches } from './robots.ts'

const defaults: RobotsOptions = { mode: 'test', url: '', userAgent: 'Googlebot', preset: 'none', blockAi: false, sitemaps: '' }

function allowed(robots: string, userAgent: string, url: string): boolean {
	return runTest(robots, { ...defaults, userAgent, url }).allowed!
}

/** [robots.txt, crawler, URL, allowed?] */
type Case = [string, string, string, boolean]

function check(cases: ReadonlyArray<Case>) {
	for (const [robots, agent, url, expected] of cases) {
		expect(allowed(robots, agent, url), `${agent} ${url} under:\n${robots}`).toBe(expected)
	}
}

describe('RFC 9309 examples', () => {
	test('§5.1: the simple example, for each crawler', () => {
		const robots = [
			'User-Agent: *',
			'Disallow: *.gif$',
			'Disallow: /example/',
			'Allow: /publications/',
			'',
			'User-Agent: foobot',
			'Disallow:/',
			'Allow:/example/page.html',
			'Allow:/example/allowed.gif',
			'',
			'User-Agent: barbot',
			'User-Agent: bazbot',
			'Disallow: /example/page.html',
			'',
			'User-Agent: quxbot',
			'',
			'EOF',
		].join('\n')
		check([
			[robots, 'foobot', '/example/page.html', true],
			[robots, 'foobot', '/example/allowed.gif', true],
			[robots, 'foobot', '/example/other.html', false],
			[robots, 'foobot', '/', false],
			[robots, 'barbot', '/example/page.html', false],
			[robots, 'bazbot', '/example/page.html', false],
			[robots, 'barbot', '/example/other.gif', true],
			[robots, 'quxbot', '/example/page.html', true],
			[robots, 'quxbot', '/anything.gif', true],
			[robots, 'otherbot', '/images/logo.gif', false],
			[robots, 'otherbot', '/example/index.html', false],
			[robots, 'otherbot', '/publications/paper.html', true],
			// Allow: /publications/ (14 octets) is longer than Disallow: *.gif$ (6): the longest match wins.
			[robots, 'otherbot', '/publications/chart.gif', true],
			[robots, 'otherbot', '/about.html', true],
		])
		// "EOF" is not a field: reported, not fatal.
		expect(parseRobots(robots).warnings).toEqual([{ line: 17, message: 'Not a “field: value” line: “EOF” is ignored.' }])
	})

	test('§5.2: the longest match wins', () => {
		const robots = 'User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n'
		check([
			[robots, 'foobot', '/example/page/', true],
			[robots, 'foobot', '/example/page/allowed.gif', true],
			[robots, 'foobot', '/example/page/disallowed.gif', false],
		])
	})

	test('§2.2.1: groups for the same agent are merged; no matching group and no * group means no rules', () => {
		const robots = 'user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n'
		check([
			[robots, 'ExampleBot', '/foo', false],
			[robots, 'examplebot', '/baz', false],
			[robots, 'ExampleBot', '/qux', true],
			[robots, 'OtherBot', '/foo', true],
		])
	})

	test('§2.2.2: the percent-encoding examples (before comparison, never decoded)', () => {
		// [pattern, URL path, matches?]
		const table: ReadonlyArray<[string, string, boolean]> = [
			['/foo/bar?baz=quz', '/foo/bar?baz=quz', true],
			['/foo/bar/ツ', '/foo/bar/%E3%83%84', true],
			['/foo/bar/ツ', '/foo/bar/ツ', true],
			['/foo/bar/%E3%83%84', '/foo/bar/%E3%83%84', true],
			['/foo/bar/%E3%83%84', '/foo/bar/ツ', true],
			['/foo/bar/%e3%83%84', '/foo/bar/%E3%83%84', true],
			['/foo/bar/%62%61%7A', '/foo/bar/%62%61%7A', true],
			// Not decoded: %62%61%7A is not "baz".
			['/foo/bar/%62%61%7A', '/foo/bar/baz', false],
			['/foo/bar/baz', '/foo/bar/%62%61%7A', false],
		]
		for (const [pattern, path, expected] of table) expect(patternMatches(pattern, path), `${pattern} vs ${path}`).toBe(expected)
		expect(percentEncode('/foo/bar/ツ')).toBe('/foo/bar/%E3%83%84')
	})

	test('§2.2.3: #, $ and *, and the examples of a literal * and $ written %2A and %24', () => {
		const table: ReadonlyArray<[string, string, boolean]> = [
			['/this/path/exactly$', '/this/path/exactly', true],
			['/this/path/exactly$', '/this/path/exactly/', false],
			['/this/path/exactly$', '/this/path/exactly?x', false],
			['/this/*/exactly', '/this/long/path/exactly', true],
			['/this/*/exactly', '/this/exactly', false],
			['/path/file-with-a-%2A.html', '/path/file-with-a-*.html', true],
			['/path/file-with-a-%2A.html', '/path/file-with-a-x.html', false],
			['/path/foo-%24', '/path/foo-$', true],
			// A $ before the end of a pattern is an ordinary character.
			['/a$b', '/a$b', true],
			['/a$b', '/a%24b', true],
		]
		for (const [pattern, path, expected] of table) expect(patternMatches(pattern, path), `${pattern} vs ${path}`).toBe(expected)
		check([['User-agent: *\nAllow: / # comment in line\n# comment on its own line\nDisallow: /x', 'a', '/x', false]])
	})

	test('§2.2.2: /robots.txt is always allowed; an empty or missing file allows everything', () => {
		check([
			['User-agent: *\nDisallow: /', 'Googlebot', '/robots.txt', true],
			['', 'Googlebot', '/anything', true],
		])
		expect(runTest('', { ...defaults, url: '/x' }).notes[0]).toMatch(/empty robots.txt allows every URL/)
	})
})

describe('google/robotstxt expectations (robots_test.cc)', () => {
	test('GoogleOnly_SystemTest and ID_LineSyntax_Line: missing colons are accepted, unknown names are not rules', () => {
		check([
			['user-agent: FooBot\ndisallow: /\n', 'FooBot', 'http://foo.bar/x/y', false],
			['foo: FooBot\nbar: /\n', 'FooBot', 'http://foo.bar/x/y', true],
			['user-agent FooBot\ndisallow /\n', 'FooBot', 'http://foo.bar/x/y', false],
		])
	})

	test('ID_LineSyntax_Groups and Groups_OtherRules: what starts and ends a group', () => {
		const robots =
			'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n'
		check([
			[robots, 'FooBot', 'http://foo.bar/x/b', true],
			[robots, 'FooBot', 'http://foo.bar/z/d', true],
			[robots, 'FooBot', 'http://foo.bar/y/c', false],
			[robots, 'BarBot', 'http://foo.bar/y/c', true],
			[robots, 'BarBot', 'http://foo.bar/w/a', true],
			[robots, 'BarBot', 'http://foo.bar/z/d', false],
			[robots, 'BazBot', 'http://foo.bar/z/d', true],
			[robots, 'FooBot', 'http://foo.bar/foo/bar/', false],
			[robots, 'BarBot', 'http://foo.bar/foo/bar/', false],
			[robots, 'BazBot', 'http://foo.bar/foo/bar/', false],
			['User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n', 'FooBot', 'http://foo.bar/', false],
			['User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n', 'BarBot', 'http://foo.bar/', false],
			['User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n', 'FooBot', 'http://foo.bar/', false],
		])
		expect(parseRobots(robots).warnings[0]).toEqual({ line: 1, message: 'Allow before any User-agent line: ignored.' })
	})

	test('ID_REPLineNamesCaseInsensitive and ID_UserAgentValueCaseInsensitive; user agents up to the first space', () => {
		for (const robots of ['USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n', 'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n']) {
			check([
				[robots, 'FooBot', 'http://foo.bar/x/y', true],
				[robots, 'FooBot', 'http://foo.bar/a/b', false],
			])
		}
		for (const robots of ['User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n', 'User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n']) {
			check([
				[robots, 'Foo', 'http://foo.bar/x/y', true],
				[robots, 'foo', 'http://foo.bar/a/b', false],
			])
		}
		check([['User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n', 'Foo', 'http://foo.bar/x/y', true]])
		expect(parseRobots('User-Agent: Foo Bar\nDisallow: /').warnings[0]!.message).toBe('User-agent “Foo Bar” is read as “Foo”: crawlers match the product token only.')
	})

	test('ID_GlobalGroups_Secondary', () => {
		check([
			['', 'FooBot', 'http://foo.bar/x/y', true],
			['user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n', 'FooBot', 'http://foo.bar/x/y', false],
			['user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n', 'BarBot', 'http://foo.bar/x/y', true],
			['user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n', 'QuxBot', 'http://foo.bar/x/y', true],
		])
	})

	test('ID_AllowDisallow_Value_CaseSensitive and ID_LongestMatch', () => {
		const url = 'http://foo.bar/x/page.html'
		check([
			['user-agent: FooBot\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/y', false],
			['user-agent: FooBot\ndisallow: /X/\n', 'FooBot', 'http://foo.bar/x/y', true],
			['user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n', 'FooBot', url, false],
			['user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', 'FooBot', url, true],
			['user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', 'FooBot', 'http://foo.bar/x/', false],
			['user-agent: FooBot\ndisallow: \nallow: \n', 'FooBot', url, true],
			['user-agent: FooBot\ndisallow: /\nallow: /\n', 'FooBot', url, true],
			['user-agent: FooBot\ndisallow: /x\nallow: /x/\n', 'FooBot', 'http://foo.bar/x', false],
			['user-agent: FooBot\ndisallow: /x\nallow: /x/\n', 'FooBot', 'http://foo.bar/x/', true],
			['user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n', 'FooBot', url, true],
			['user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/page.html', false],
			['user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/page', true],
			['user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n', 'FooBot', url, true],
			['user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/x/y.html', false],
			['User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', 'http://foo.bar/x/page', true],
			['User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', 'http://foo.bar/y/page', false],
		])
	})

	test('ID_Encoding (one deliberate difference: a URL typed with ツ is encoded for you)', () => {
		check([
			['User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n', 'FooBot', 'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par', true],
			['User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n', 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
			// Google's library expects the caller to encode the URL and answers false; RFC 9309 §2.2.2 says both are encoded before comparing.
			['User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n', 'FooBot', 'http://foo.bar/foo/bar/ツ', true],
			['User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n', 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true],
			['User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n', 'FooBot', 'http://foo.bar/foo/bar/baz', false],
			['User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n', 'FooBot', 'http://foo.bar/foo/bar/%62%61%7A', true],
		])
	})

	test('ID_SpecialCharacters and GoogleOnly_IndexHTMLisDirectory', () => {
		const star = 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n'
		const dollar = 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n'
		const hash = 'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n'
		const index = 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n'
		check([
			[star, 'FooBot', 'http://foo.bar/foo/bar/quz', false],
			[star, 'FooBot', 'http://foo.bar/foo/quz', true],
			[star, 'FooBot', 'http://foo.bar/foo//quz', true],
			[star, 'FooBot', 'http://foo.bar/foo/bax/quz', true],
			[dollar, 'FooBot', 'http://foo.bar/foo/bar', false],
			[dollar, 'FooBot', 'http://foo.bar/foo/bar/qux', true],
			[dollar, 'FooBot', 'http://foo.bar/foo/bar/', true],
			[dollar, 'FooBot', 'http://foo.bar/foo/bar/baz', true],
			[hash, 'FooBot', 'http://foo.bar/foo/bar', true],
			[hash, 'FooBot', 'http://foo.bar/foo/quz', false],
			[index, 'foobot', 'http://foo.com/allowed-slash/', true],
			[index, 'foobot', 'http://foo.com/allowed-slash/index.htm', false],
			[index, 'foobot', 'http://foo.com/allowed-slash/index.html', true],
			[index, 'foobot', 'http://foo.com/anyother-url', false],
		])
	})

	test('GoogleOnly_DocumentationChecks: /fish, /fish*, /fish/, /*.php, /*.php$, /fish*.php and precedence', () => {
		const robots = (pattern: string) => `user-agent: FooBot\ndisallow: /\nallow: ${pattern}\n`
		const table: ReadonlyArray<[string, Array<string>, Array<string>]> = [
			['/fish', ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads', '/fishheads/yummy.html', '/fish.html?id=anything'], ['/bar', '/Fish.asp', '/catfish', '/?id=fish']],
			['/fish*', ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads', '/fishheads/yummy.html', '/fish.html?id=anything'], ['/bar', '/Fish.bar', '/catfish', '/?id=fish']],
			['/fish/', ['/fish/', '/fish/salmon', '/fish/?salmon', '/fish/salmon.html', '/fish/?id=anything'], ['/bar', '/fish', '/fish.html', '/Fish/Salmon.html']],
			['/*.php', ['/filename.php', '/folder/filename.php', '/folder/filename.php?parameters', '//folder/any.php.file.html', '/filename.php/', '/index?f=filename.php/'], ['/bar', '/php/', '/index?php', '/windows.PHP']],
			['/*.php$', ['/filename.php', '/folder/filename.php'], ['/bar', '/filename.php?parameters', '/filename.php/', '/filename.php5', '/php/', '/filename?php', '/aaaphpaaa', '//windows.PHP']],
			['/fish*.php', ['/fish.php', '/fishheads/catfish.php?parameters'], ['/bar', '/Fish.PHP']],
		]
		for (const [pattern, yes, no] of table) {
			check([...yes.map((path): Case => [robots(pattern), 'FooBot', `http://foo.bar${path}`, true]), ...no.map((path): Case => [robots(pattern), 'FooBot', `http://foo.bar${path}`, false])])
		}
		check([
			['user-agent: FooBot\nallow: /p\ndisallow: /\n', 'FooBot', 'http://example.com/page', true],
			['user-agent: FooBot\nallow: /folder\ndisallow: /folder\n', 'FooBot', 'http://example.com/folder/page', true],
			['user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n', 'FooBot', 'http://example.com/page.htm', false],
			['user-agent: FooBot\nallow: /$\ndisallow: /\n', 'FooBot', 'http://example.com/', true],
			['user-agent: FooBot\nallow: /$\ndisallow: /\n', 'FooBot', 'http://example.com/page.html', false],
		])
	})

	test('ID_LinesNumbersAreCountedCorrectly (LF, CRLF, CR, mixed, no final newline) and the byte order mark', () => {
		for (const eol of ['\n', '\r\n', '\r']) {
			const robots = ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'].join(eol)
			const parsed = parseRobots(robots)
			expect(parsed.groups.map((group) => [group.firstLine, group.rules.map((rule) => rule.line)])).toEqual([
				[1, [2]],
				[3, [6]],
			])
		}
		const mixed = parseRobots('User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /')
		expect(mixed.groups[1]!.rules[0]!.line).toBe(6)
		const bom = parseRobots('\uFEFFUser-Agent: foo\nAllow: /AnyValue\n')
		expect([bom.groups[0]!.agents[0]!.token, bom.warningCount]).toEqual(['foo', 0])
		// A BOM in the middle of the file is garbage: that line is an unknown field.
		const middle = parseRobots('User-Agent: foo\n\uFEFFAllow: /AnyValue\n')
		expect([middle.groups[0]!.rules.length, middle.warningCount]).toEqual([0, 1])
	})

	test('ID_NonStandardLineExample_Sitemap: a sitemap anywhere in the file', () => {
		expect(parseRobots('User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nSitemap: http://foo.bar/sitemap.xml\n').sitemaps).toEqual([{ url: 'http://foo.bar/sitemap.xml', line: 6 }])
		expect(parseRobots('Sitemap: http://foo.bar/sitemap.xml\nUser-Agent: foo\nAllow: /some/path\n').sitemaps[0]!.url).toBe('http://foo.bar/sitemap.xml')
	})

	test('GoogleOnly_LineTooLong: a line is read up to 16,663 bytes', () => {
		const longline = `/x/${'a'.repeat(16_664 - 3 - 'disallow: '.length + 1 - 3)}`
		const robots = `user-agent: FooBot\ndisallow: ${longline}/qux\n`
		check([
			[robots, 'FooBot', 'http://foo.bar/fux', true],
			[robots, 'FooBot', `http://foo.bar${longline}/fux`, false],
		])
		expect(parseRobots(robots).warnings[0]!.message).toMatch(/longer than Google reads/)
	})

	test('TestGetPathParamsQuery: the path of a URL', () => {
		const table: ReadonlyArray<[string, string]> = [
			['', '/'],
			['http://www.example.com', '/'],
			['http://www.example.com/', '/'],
			['http://www.example.com/a', '/a'],
			['http://www.example.com/a/', '/a/'],
			['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
			['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
			['example.com', '/'],
			['example.com/', '/'],
			['example.com/a', '/a'],
			['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
			['a', '/'],
			['a/', '/'],
			['/a', '/a'],
			['a/b', '/b'],
			['example.com?a', '/?a'],
			['example.com/a;b#c', '/a;b'],
			['//a/b/c', '/b/c'],
		]
		for (const [url, path] of table) expect(pathOf(url), url).toBe(path)
		// TestMaybeEscapePattern
		expect(percentEncode('http://www.example.com', { google: true })).toBe('http://www.example.com')
		expect(percentEncode('á', { google: true })).toBe('%C3%A1')
		expect(percentEncode('%aa', { google: true })).toBe('%AA')
	})
})

describe('which group applies', () => {
	// Google's documentation example: the most specific group, else *.
	const robots = 'user-agent: googlebot-news\ndisallow: /news-only/\n\nuser-agent: *\ndisallow: /all/\n\nuser-agent: googlebot\ndisallow: /web-only/\n'
	test('Googlebot-News uses its own group; Googlebot-Image falls back to googlebot; others to *', () => {
		const group = (agent: string) => runTest(robots, { ...defaults, userAgent: agent, url: '/x' }).group!.matchedAs
		expect(group('Googlebot-News')).toBe('Googlebot-News')
		expect(group('Googlebot')).toBe('Googlebot')
		expect(group('Googlebot-Image')).toBe('Googlebot')
		expect(group('Otherbot')).toBe('*')
		check([
			[robots, 'Googlebot-News', '/web-only/', true],
			[robots, 'Googlebot-Image', '/web-only/', false],
			[robots, 'Bingbot', '/all/x', false],
		])
		const image = runTest(robots, { ...defaults, userAgent: 'Googlebot-Image', url: '/web-only/a' })
		expect(image.notes).toContain('No group names Googlebot-Image, so it follows the Googlebot group.')
	})

	test('a whole user-agent string is read for its product token; AdsBot-Google ignores *', () => {
		expect(resolveCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')!.tokens).toEqual(['Googlebot'])
		expect(resolveCrawler('Mozilla/5.0 (Linux; Android 6.0.1) Chrome/99 Mobile Safari/537.36 (compatible; Googlebot-Image/1.0)')!.tokens).toEqual(['Googlebot-Image', 'Googlebot'])
		expect(resolveCrawler('😀')).toBeNull()
		check([['User-agent: *\nDisallow: /', 'AdsBot-Google', '/landing', true]])
	})

	test('the deciding rule, its line and group, in words', () => {
		const robots = 'User-agent: *\nDisallow: /private/\nAllow: /private/public/\n'
		const result = runTest(robots, { ...defaults, url: 'https://example.com/private/secret.html\n/private/public/a\n/about' })
		expect(result).toMatchObject({ allowed: false, verdict: 'blocked', rule: { line: 2, type: 'disallow', pattern: '/private/' }, group: { agents: ['*'], lines: [1], matchedAs: '*' } })
		expect(result.results.map((each) => each.allowed)).toEqual([false, true, true])
		expect(result.results[0]!.reason).toBe('Disallow: /private/ on line 2 decided: blocked (the group “User-agent: *” on line 1).')
		expect(result.results[2]!.reason).toBe('No rule matched in the group “User-agent: *” on line 1: allowed.')
		expect(result.output).toMatch(/^Googlebot \(follows User-agent: \*\) — 1 group, 2 rules, 0 sitemaps, 0 warnings\.\nBlocked: https:\/\/example.com\/private\/secret.html \(\/private\/secret.html\)/)
	})
})

describe('warnings on bad lines', () => {
	test('typos, unknown and ignored fields, non-numeric crawl-delay, bad sitemap, paths that never match', () => {
		const parsed = parseRobots('User-agent: *\nDissallow: /a\nCrawl-delay: soon\nNoindex: /b\nFoo: bar\nDisallow: c\nSitemap: /sitemap.xml\nUser-agent: ツ\nDisallow: /d')
		expect(parsed.warnings).toEqual([
			{ line: 2, message: '“Dissallow” is read as Disallow.' },
			{ line: 3, message: 'Crawl-delay “soon” is not a number of seconds.' },
			{ line: 4, message: 'Noindex: Noindex in robots.txt has been ignored by Google since 2019: use a robots meta tag or an X-Robots-Tag header.' },
			{ line: 5, message: 'Unknown field “Foo” is ignored.' },
			{ line: 6, message: 'Disallow path “c” does not start with “/” or “*”: it never matches.' },
			{ line: 7, message: 'Sitemap “/sitemap.xml” is not a full URL (https://…): crawlers ignore it.' },
			{ line: 8, message: 'User-agent “ツ” has no product token (letters, “-” and “_”): no crawler matches it.' },
		])
	})

	test('an empty test is a 400; a URL without a crawler too', () => {
		expect(() => runTest('  ', defaults)).toThrow('Paste a robots.txt to check, or enter a URL to test.')
		expect(() => runTest('User-agent: *', { ...defaults, url: '/', userAgent: '  ' })).toThrow(/options\.userAgent/)
		const report = runTest('User-agent: *\nDisallow: /x', defaults)
		expect(report).toMatchObject({ allowed: null, results: [], groups: 1, rules: 1 })
	})
})

describe('hostile input', () => {
	test('500 KB with 10,000 rules: a rule deep in the file decides', () => {
		const lines = ['User-agent: *']
		for (let index = 0; index < 10_000; index++) lines.push(`Disallow: /${'*a'.repeat(16)}*b${index}$`)
		lines.push('Allow: /deep/*/decides$')
		const robots = lines.join('\n')
		expect(robots.length).toBeGreaterThan(480_000)
		expect(robots.length).toBeLessThan(MAX_ROBOTS_BYTES)
		const result = runTest(robots, { ...defaults, url: `/deep/${'a'.repeat(4000)}/decides\n/${'a'.repeat(4000)}b9999` })
		expect(result.results.map((each) => [each.allowed, each.rule?.line])).toEqual([
			[true, 10_002],
			[false, 10_001],
		])
	})

	test('10 MB: Google reads the first 500 KiB; a rule past it does not count', () => {
		const head = 'User-agent: *\nDisallow: /early\n'
		const robots = `${head}${'# padding comment line\n'.repeat(Math.ceil((10 * 1024 * 1024 - 100) / 23))}Disallow: /late\n`
		const result = runTest(robots, { ...defaults, url: '/late\n/early' })
		expect(result.results.map((each) => each.allowed)).toEqual([true, false])
		expect(result.warnings.at(-1)!.message).toMatch(/^Google reads only the first 500 KiB \(512,000 bytes\): the last [\d,]+ bytes, after line [\d,]+, are ignored\.$/)
		expect(parseRobots('😀'.repeat(MAX_ROBOTS_BYTES / 4 + 10)).ignoredBytes).toBe(40)
	})

	test('emoji, right-to-left and combining characters in paths and agents', () => {
		const robots = 'User-agent: *\nDisallow: /שלום/\nDisallow: /😀$\nDisallow: /cafe\u0301\n'
		check([
			[robots, 'Googlebot', '/שלום/עולם', false],
			[robots, 'Googlebot', `/${encodeURIComponent('שלום')}/x`, false],
			[robots, 'Googlebot', '/😀', false],
			[robots, 'Googlebot', '/😀/x', true],
			[robots, 'Googlebot', '/café', true], // precomposed é is another octet sequence than e + U+0301
			[robots, 'Googlebot', '/cafe\u0301/menu', false],
		])
		expect(runTest(robots, { ...defaults, url: '/😀' }).results[0]!.path).toBe('/%F0%9F%98%80')
		// A lone surrogate is encoded as U+FFFD, never a crash.
		expect(percentEncode('/\uD800')).toBe('/%EF%BF%BD')
	})
})

describe('the generator', () => {
	const options = { preset: 'none' as const, blockAi: false, sitemaps: '' }

	test('every preset makes a robots.txt that parses without a warning', () => {
		for (const preset of PRESET_IDS.filter((id) => id !== 'none')) {
			const { output } = generateRobotsTxt('', { ...options, preset, sitemaps: 'https://example.com/sitemap.xml' })
			const parsed = parseRobots(output)
			expect(parsed.warnings, preset).toEqual([])
			expect(parsed.sitemaps.map((each) => each.url), preset).toEqual(['https://example.com/sitemap.xml'])
		}
		expect(generateRobotsTxt('', { ...options, preset: 'allow-all' }).output).toBe('User-agent: *\nDisallow:\n')
		expect(generateRobotsTxt('', { ...options, preset: 'block-all' }).output).toBe('User-agent: *\nDisallow: /\n')
	})

	test('block AI crawlers: each is blocked, search engines are not', () => {
		const { output } = generateRobotsTxt('', { ...options, preset: 'block-ai' })
		for (const agent of AI_CRAWLERS) check([[output, agent, '/any/page', false]])
		check([
			[output, 'Googlebot', '/any/page', true],
			[output, 'Bingbot', '/any/page', true],
		])
	})

	test('rows become groups, merged with the preset; crawl-delay noted; bad sitemaps left out; nothing is a 400', () => {
		const rules = rowsToRules([
			{ agents: 'Googlebot, Bingbot', disallow: '/private/\nsearch results #1', allow: '/private/press/', crawlDelay: '' },
			{ agents: '*', disallow: '/tmp/', allow: '', crawlDelay: '10' },
			{ agents: '', disallow: '', allow: '', crawlDelay: '' },
		])
		expect(rules).toBe('User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /private/\nDisallow: /search%20results%20%231\nAllow: /private/press/\n\nUser-agent: *\nDisallow: /tmp/\nCrawl-delay: 10')
		const result = runRobots(rules, { ...defaults, mode: 'generate', preset: 'wordpress', sitemaps: 'https://example.com/sitemap.xml\nnot a url' })
		expect(result.output).toBe(
			[
				'User-agent: *',
				'Disallow: /wp-admin/',
				'Allow: /wp-admin/admin-ajax.php',
				'Disallow: /?s=',
				'Disallow: /search/',
				'Disallow: /wp-login.php',
				'Disallow: /tmp/',
				'Crawl-delay: 10',
				'',
				'User-agent: Googlebot',
				'User-agent: Bingbot',
				'Disallow: /private/',
				'Disallow: /search%20results%20%231',
				'Allow: /private/press/',
				'',
				'Sitemap: https://example.com/sitemap.xml',
				'',
			].join('\n'),
		)
		expect(result).toMatchObject({ mode: 'generate', groups: 2, rules: 9, sitemaps: ['https://example.com/sitemap.xml'] })
		if (result.mode !== 'generate') throw new Error('generate')
		expect(result.warnings.map((each) => each.message)).toEqual(['Sitemap “not a url” is left out: it must be a full URL such as https://example.com/sitemap.xml.'])
		expect(result.notes[0]).toMatch(/Google ignores Crawl-delay/)
		expect(() => generateRobotsTxt('  ', options)).toThrow('Choose a preset or add rules for at least one user agent.')
	})

	test('a value can never add a line of its own', () => {
		const rules = rowsToRules([{ agents: 'Evil\nDisallow: /', disallow: '/a\nAllow: /b', allow: '', crawlDelay: '5\nDisallow: /x' }])
		const parsed = parseRobots(rules)
		// Each line of a box is one value: "Disallow: /" typed as an agent is an agent name.
		expect(parsed.groups[0]!.agents.map((agent) => agent.name)).toEqual(['Evil', 'Disallow: /'])
		expect(parsed.groups[0]!.rules.map((rule) => rule.pattern)).toEqual(['/a', '/Allow:%20/b'])
		expect(parsed.groups[0]!.crawlDelay!.value).toBe('5Disallow:/x')
	})
})
