/**
 * Blog Markdown → safe HTML (app/blog/markdown.server.ts), rendered in the
 * worker pool exactly as posts are saved: the XSS corpus of SECURITY.md G5
 * and H3 neutralised, links and images as promised (H5), highlighting and
 * heading anchors, and the pathological inputs of H4 refused with a 422
 * while the server's event loop keeps answering.
 */
import { JSDOM } from 'jsdom'
import { afterAll, describe, expect, test } from 'vitest'
import { closeJobPool as closeToolPool } from '#app/jobs/pool.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { MARKDOWN_TOO_COMPLEX_MESSAGE, renderMarkdown } from '#app/blog/markdown.server.ts'
import { BODY_MAX } from '#app/blog/post-validation.ts'
import { convertMarkdownToDocx } from '#app/tools/markdown-to-docx/core.ts'
import { docxPart } from '#app/tools/markdown-to-docx/docx-readers.server.ts'
import { DocxOptionsSchema } from '#app/tools/markdown-to-docx/options.ts'
import { ALERT_KINDS } from '#app/utils/markdown-alerts.ts'
import { findMarkdownComplexity, MAX_DELIMITERS, MAX_INDENT, MAX_NESTING, MAX_TABLE_CELLS } from '#app/utils/markdown-complexity.ts'

afterAll(closeToolPool)

async function html(markdown: string) {
	return (await renderMarkdown(markdown)).html
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
	const error = await promise.then(
		() => null,
		(caught: unknown) => caught,
	)
	expect(error).toBeInstanceOf(AppError)
	return error as AppError
}

/** No executable markup in rendered HTML: what G5/H3 ask, checked on the string. */
function expectInert(output: string) {
	expect(output).not.toMatch(/<script/i)
	expect(output).not.toMatch(/\son[a-z]+\s*=/i)
	expect(output).not.toMatch(/javascript:|vbscript:/i)
	expect(output).not.toMatch(/java\s+script:/i)
	expect(output).not.toMatch(/(?:href|src)\s*=\s*"?\s*data:/i)
	expect(output).not.toMatch(/<(?:iframe|object|embed|form|input|style|svg|math|base|meta|link)\b/i)
	expect(output).not.toMatch(/srcdoc|@import|formaction/i)
}

describe('the XSS corpus (SECURITY.md G5, H3) is neutralised', () => {
	const corpus: Array<[string, string]> = [
		['<script>', '<script>alert(1)</script>\n\nafter'],
		['script split over attributes', '<scr<script>ipt>alert(1)</script>'],
		['<img onerror>', '<img src=x onerror=alert(1)>'],
		['upper-case handler', '<IMG SRC=x ONERROR="alert(1)">'],
		['<svg onload>', '<svg onload=alert(1)><circle r="5"/></svg>'],
		['<svg><script>', '<svg><script>alert(1)</script></svg>'],
		['<a href="javascript:">', '<a href="javascript:alert(1)">x</a>'],
		['Markdown javascript: link', '[x](javascript:alert(1))'],
		['JaVaScRiPt: link', '[x](JaVaScRiPt:alert(1))'],
		['java\\tscript: link', '[x](<java\tscript:alert(1)>)'],
		['java&#09;script: in HTML', '<a href="java&#09;script:alert(1)">x</a>'],
		['leading spaces and entity', '<a href=" &#106;avascript:alert(1)">x</a>'],
		['vbscript: link', '[x](vbscript:msgbox(1))'],
		['data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
		['data: image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
		['<iframe srcdoc>', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
		['<math> mXSS', '<math><mi//xlink:href="data:x,<script>alert(4)</script>">'],
		['<math><style> mXSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>'],
		['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
		['<style>@import', '<style>@import "https://evil.example/x.css";</style>'],
		['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
		['<form>', '<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(1)">Go</button></form>'],
		['<object>', '<object data="javascript:alert(1)"></object>'],
		['<embed>', '<embed src="javascript:alert(1)">'],
		['<base>', '<base href="https://evil.example/">'],
		['<meta refresh>', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
		['<link>', '<link rel="stylesheet" href="https://evil.example/x.css">'],
		['<template>', '<template><img src=x onerror=alert(1)></template>'],
	]
	for (const [name, markdown] of corpus) {
		test(name, async () => {
			expectInert(await html(markdown))
		})
	}

	test('text around removed markup survives', async () => {
		const output = await html('Hello <script>alert(1)</script> **world**')
		expect(output).toContain('<strong>world</strong>')
		expect(output).toContain('Hello')
		expectInert(output)
	})
})

describe('links and images', () => {
	test('links to other sites get rel="noopener noreferrer nofollow"; our own do not', async () => {
		const output = await html('[them](https://example.com/a) [proto](//example.org/b) [us](/blog/other) [here](#part) [mail](mailto:a@example.com)')
		expect(output).toContain('<a href="https://example.com/a" rel="noopener noreferrer nofollow">them</a>')
		expect(output).toContain('<a href="//example.org/b" rel="noopener noreferrer nofollow">proto</a>')
		expect(output).toContain('<a href="/blog/other">us</a>')
		expect(output).toContain('<a href="#part">here</a>')
		expect(output).toContain('<a href="mailto:a@example.com">mail</a>')
	})

	test('a rel written by the author is replaced, not trusted', async () => {
		const output = await html('<a href="https://example.com" rel="opener">x</a> <a href="/x" rel="opener">y</a>')
		expect(output).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">x</a>')
		expect(output).toContain('<a href="/x">y</a>')
	})

	test('images keep their src, remote ones too (the CSP decides; the server never fetches: H5)', async () => {
		const output = await html('![metadata](http://169.254.169.254/latest/meta-data/) ![ours](/files/abc)')
		expect(output).toContain('<img src="http://169.254.169.254/latest/meta-data/" alt="metadata">')
		expect(output).toContain('<img src="/files/abc" alt="ours">')
	})
})

test('an image without text gets alt="" (decorative), not its address read aloud', async () => {
	expect(await html('<img src="/files/x">')).toBe('<img src="/files/x" alt="">')
})

describe('code and headings', () => {
	test('fenced code is highlighted with hljs classes, no inline styles', async () => {
		const output = await html('```js\nconst answer = 42 // yes\n```\n\n```\nplain <b>text</b>\n```\n\n```nosuchlanguage\nx\n```')
		expect(output).toContain('<code class="hljs language-js">')
		expect(output).toContain('<span class="hljs-keyword">const</span>')
		expect(output).toContain('<span class="hljs-number">42</span>')
		expect(output).toContain('<span class="hljs-comment">// yes</span>')
		expect(output).toContain('plain &lt;b&gt;text&lt;/b&gt;')
		expect(output).not.toContain('style=')
	})

	test('headings get ids and anchors, unique in the document, one level below the title (`#` is an <h2>)', async () => {
		const output = await html('# Getting started\n\n## Getting started\n\n## Getting started\n\n### Café & *crème*\n\n###### Deepest')
		expect(output).toContain('<h2 id="getting-started">Getting started <a class="heading-anchor" href="#getting-started"')
		expect(output).toContain('<h3 id="getting-started-1">')
		expect(output).toContain('href="#getting-started-1"')
		expect(output).toContain('<h3 id="getting-started-2">')
		expect(output).toContain('<h4 id="cafe-creme">Café &amp; <em>crème</em> <a class="heading-anchor" href="#cafe-creme"')
		expect(output).toContain('<h6 id="deepest">')
		expect(output).not.toContain('<h1')
		const ids = [...output.matchAll(/ id="([^"]+)"/g)].map((match) => match[1])
		expect(new Set(ids).size).toBe(ids.length)
	})

	test('a heading whose id would clobber the DOM keeps an anchor that works', async () => {
		const output = await html('# Cookie\n\n# Location')
		const ids = [...output.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]!)
		expect(ids).toHaveLength(2)
		for (const id of ids) expect(output).toContain(`href="#${id}"`)
	})

	test('GFM tables, lists and strikethrough render', async () => {
		const output = await html('| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n\n~~gone~~')
		expect(output).toContain('<table>')
		expect(output).toContain('<li>one</li>')
		expect(output).toContain('<del>gone</del>')
	})
})

describe('GitHub alerts (as Markdown → DOCX renders them)', () => {
	/** The alerts in `output`, read as a browser would: kind, role, name, title and the text after it. */
	function alerts(output: string) {
		const { document } = new JSDOM(`<body>${output}</body>`).window
		return [...document.querySelectorAll('.markdown-alert')].map((alert) => ({
			className: alert.className,
			role: alert.getAttribute('role'),
			label: alert.getAttribute('aria-label'),
			title: alert.querySelector('.markdown-alert-title')?.textContent,
			body: [...alert.children].slice(1).map((child) => child.outerHTML),
		}))
	}

	test('each of the five kinds: a titled, labelled note with its type class; the marker gone, the Markdown in it rendered', async () => {
		const kinds = ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'] as const
		const output = await html(kinds.map((kind) => `> [!${kind}]\n> Mind the **${kind.toLowerCase()}**.\n>\n> - a list`).join('\n\n'))
		expect(output).not.toContain('[!')
		expect(output).not.toContain('<blockquote')
		expect(alerts(output)).toEqual(
			kinds.map((kind) => {
				const title = ALERT_KINDS[kind].title
				return {
					className: `markdown-alert markdown-alert-${kind.toLowerCase()}`,
					role: 'note',
					label: title,
					title,
					body: [`<p>Mind the <strong>${kind.toLowerCase()}</strong>.</p>`, '<ul>\n<li>a list</li>\n</ul>'],
				}
			}),
		)
	})

	test('the same titles as the DOCX, which reads the same marker (case-insensitive, alone on its line)', async () => {
		const markdown = '> [!warning]\n> Hot.\n\n> [!NOTE] not alone on its line\n\n> [!DANGER]\n> Not a kind.\n\n> Plain quote.'
		const output = await html(markdown)
		expect(alerts(output).map((alert) => alert.title)).toEqual(['Warning'])
		expect(output.match(/<blockquote>/g)).toHaveLength(3)
		const { docx } = await convertMarkdownToDocx({ markdown, options: DocxOptionsSchema.parse({}) })
		const xml = docxPart(docx, 'word/document.xml')
		// The DOCX's alert title is the same word, in the same colour as the border.
		expect(xml).toContain(`<w:color w:val="${ALERT_KINDS.WARNING.color}"/>`)
		expect(xml).toMatch(/<w:t xml:space="preserve">Warning<\/w:t>/)
		expect(xml).not.toMatch(/<w:t xml:space="preserve">(?:Note|Danger)<\/w:t>/)
	})

	test('an alert is sanitised like the rest of the post', async () => {
		const output = await html('> [!CAUTION]\n> <img src=x onerror=alert(1)> [x](javascript:alert(1)) <script>alert(1)</script>')
		expectInert(output)
		expect(alerts(output)).toHaveLength(1)
		// An empty alert is its title alone.
		expect(alerts(await html('> [!TIP]'))).toEqual([expect.objectContaining({ title: 'Tip', body: [] })])
	})
})

describe('reading time and text', () => {
	test('words / 200, rounded up, at least 1', async () => {
		expect((await renderMarkdown('')).readingMinutes).toBe(1)
		expect((await renderMarkdown('word '.repeat(200))).readingMinutes).toBe(1)
		expect((await renderMarkdown('word '.repeat(201))).readingMinutes).toBe(2)
		expect((await renderMarkdown('word '.repeat(1000))).readingMinutes).toBe(5)
	})

	test('the plain text has no markup and no heading anchors', async () => {
		const { text } = await renderMarkdown('# Title\n\nSome **bold** text.')
		expect(text).toBe('Title Some bold text.')
	})
})

describe('pathological input (SECURITY.md H4) → 422 in bounded time, event loop free', () => {
	/**
	 * Renders `markdown` while a timer ticks on this thread: if the render
	 * blocked the event loop the ticks could not run.
	 */
	async function refusedWithoutBlocking(markdown: string) {
		let ticks = 0
		const timer = setInterval(() => ticks++, 50)
		try {
			const error = await refusal(renderMarkdown(markdown))
			return { error, ticks }
		} finally {
			clearInterval(timer)
		}
	}

	test("2,000 '>' (deep recursion in marked) → 422, never a RangeError 500", async () => {
		const { error } = await refusedWithoutBlocking('>'.repeat(2000))
		expect(error.status).toBe(422)
		expect(error.message).toBe(MARKDOWN_TOO_COMPLEX_MESSAGE)
		expect(error.field).toBe('body')
	})

	test('quotes nested deeper than the shared limit are refused by the input, every time; the limit itself renders', async () => {
		for (let run = 0; run < 3; run++) {
			const deep = await refusal(renderMarkdown(`${'> '.repeat(MAX_NESTING + 1)}deep`))
			expect(deep.status).toBe(422)
			expect(deep.details).toMatchObject({ field: 'body', reason: 'nesting', line: 1, limit: MAX_NESTING })
			expect((await refusal(renderMarkdown(`text\n\n${'>'.repeat(5000)}`))).details).toMatchObject({ reason: 'nesting', line: 3 })
		}
		expect((await renderMarkdown(`${'> '.repeat(MAX_NESTING)}deep`)).html).toContain('deep')
	})

	test("100 KB of '*a' → 422 by the input (the emphasis marks counted), never by the clock", async () => {
		const error = await refusal(renderMarkdown('*a'.repeat(50_000)))
		expect(error.status).toBe(422)
		expect(error.message).toBe(MARKDOWN_TOO_COMPLEX_MESSAGE)
		// Refused because of what it is, not because marked ran out of time: the same on any machine.
		expect(error.details).toMatchObject({ field: 'body', reason: 'emphasis', line: 1, limit: MAX_DELIMITERS })
	})

	test('the blog refuses what the converter refuses, with the same shared check', async () => {
		for (const markdown of ['*a'.repeat(MAX_DELIMITERS + 1), `| a | b |\n|---|---|\n${'|1|2|\n'.repeat(MAX_TABLE_CELLS / 2)}`, `${' '.repeat(MAX_INDENT + 1)}x`]) {
			const problem = findMarkdownComplexity(markdown)
			expect(problem).not.toBeNull()
			const error = await refusal(renderMarkdown(markdown))
			expect(error.status).toBe(422)
			expect(error.details).toMatchObject({ field: 'body', reason: problem!.reason, limit: problem!.limit })
		}
		// Just under the emphasis limit, in one paragraph: rendered.
		expect((await renderMarkdown('*a* '.repeat(MAX_DELIMITERS / 2))).html).toContain('<em>a</em>')
	})

	test('an 800-level nested list (642 KB) → 422 by the input, before any render', async () => {
		let list = ''
		for (let depth = 0; depth < 800; depth++) list += `${' '.repeat(depth * 2)}- item ${depth}\n`
		expect(list.length).toBeGreaterThan(600_000)
		const error = await refusal(renderMarkdown(list))
		expect(error.status).toBe(422)
		// Past the shared limit of 320 columns on line 161 (the level-160 item: 320 spaces, its marker and a space).
		expect(error.details).toMatchObject({ field: 'body', reason: 'indent', line: 161, limit: MAX_INDENT })
	})

	test("'[a](' × 2,000 renders (marked 18 is linear here) and stays inert", async () => {
		const output = await html('[a]('.repeat(2000))
		expectInert(output)
	})

	test('the server still renders ordinary posts after the refusals', async () => {
		expect(await html('still **fine**')).toBe('<p>still <strong>fine</strong></p>\n')
	})

	test('a body over the character limit is refused before any work', async () => {
		const error = await refusal(renderMarkdown('a'.repeat(BODY_MAX + 1)))
		expect(error.status).toBe(413)
	})
})
