/**
 * Random documents stitched from Markdown fragments, hostile ones among them
 * (odd nesting, unbalanced markers, control characters, lone surrogates,
 * huge numbers, odd links): every one either converts to a document pandoc
 * reads and whose XML holds no control character, or is refused with the
 * catalogue's 400/422. Nothing else (a crash is a 500 at the API).
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { ToolError } from '#app/tools/kit/core.ts'
import { convertMarkdownToDocx } from './core.ts'
import { docxPart, pandocAvailable } from './docx-readers.server.ts'
import { DocxOptionsSchema } from './options.ts'
import { PNG_1X1, pngDeclaring } from './test-images.ts'

const FRAGMENTS = [
	'# Heading',
	'###### Six',
	'#######  seven hashes',
	'**bold *nested _deep ~~strike',
	'`unclosed code',
	'```\nfence never closed',
	'~~~js\nconst a = 1\n~~~',
	'> quote\n> > deeper\n> > > deepest',
	'> [!NOTE]\n> alert',
	'> [!BOGUS]\n> not an alert',
	'- a\n  - b\n    - c\n      1. d\n         - e',
	'99999999999. huge start',
	'0. zero start',
	'- [ ] task\n- [x] done\n- [X] Done',
	'| a | b |\n|---|:-:|\n| 1 |',
	'| only | header |\n|--|--|',
	'|a|\n|-|\n|' + 'x|'.repeat(60),
	'[link](https://example.com/"quoted")',
	'[js](javascript:alert(1)) [vb](vbscript:x) [data](data:text/html,<b>)',
	'[anchor](#heading) [bad anchor](#%E0%A4%A)',
	'<https://example.com/auto> <mailto:a@b.c> www.example.com',
	'![pic](pic.png) ![bomb](bomb.png) ![remote](http://127.0.0.1/x.png)',
	'![data](data:image/png;base64,!!!!) ![svg](data:image/svg+xml,<svg/>)',
	'Footnote[^1] and[^missing] and [^]',
	'[^1]: note with [^1] itself',
	'---\ntitle: not front matter here\n---',
	'\\pagebreak',
	'<!-- pagebreak -->',
	'<div><script>alert(1)</script><style>x{}</style>text</div>',
	'<img src=x onerror=alert(1)> <a href="javascript:x">a</a>',
	'&#0; &#xD800; &#x110000; &bogus; &amp;amp;',
	'NUL \u0000 BEL \u0007 VT \u000b ESC \u001b DEL \u007f',
	'lone \ud800 surrogates \udfff here',
	'RTL \u202e override \u2066 isolate',
	'emoji 👩‍👩‍👧 and CJK 漢字 and combining e\u0301',
	'    indented code\n\tand a tab',
	'line  \nbreak\\\nbackslash',
	'* * *',
	'Setext\n===',
	'[ref]\n\n[ref]: https://example.com/ref',
	'*'.repeat(200),
	'_'.repeat(200),
	'['.repeat(500) + ']'.repeat(500),
	'`'.repeat(300),
	'<'.repeat(300),
]

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
	return () => {
		seed |= 0
		seed = (seed + 0x6d2b79f5) | 0
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

function documentFor(seed: number): string {
	const next = random(seed)
	const parts: Array<string> = []
	const count = 3 + Math.floor(next() * 12)
	for (let i = 0; i < count; i++) {
		let fragment = FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]!
		// Sometimes inside a quote or a list item.
		const wrap = next()
		if (wrap < 0.15) fragment = fragment.replace(/^/gm, '> ')
		else if (wrap < 0.3) fragment = `- ${fragment.replace(/\n/g, '\n  ')}`
		parts.push(fragment)
	}
	return parts.join(next() < 0.5 ? '\n\n' : '\n')
}

const images = [
	{ name: 'pic.png', data: PNG_1X1 },
	{ name: 'bomb.png', data: pngDeclaring(100_000, 100_000) },
]

const run = promisify(execFile)

test.skipIf(!pandocAvailable())('20 random documents convert to readable Word files, or are refused cleanly', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-docx-fuzz-'))
	try {
		for (let seed = 1; seed <= 20; seed++) {
			const markdown = documentFor(seed)
			for (const options of [seed % 2 ? {} : { toc: true, tableStyle: 'none' as const, orientation: 'landscape' as const }]) {
				let result
				try {
					result = await convertMarkdownToDocx({ markdown, options: DocxOptionsSchema.parse(options), images })
				} catch (error) {
					expect(error, `seed ${seed}`).toBeInstanceOf(ToolError)
					expect([400, 422], `seed ${seed}`).toContain((error as ToolError).status)
					continue
				}
				const file = path.join(dir, `${seed}.docx`)
				fs.writeFileSync(file, result.docx)
				// pandoc reads it (it loops on some broken documents: a time limit catches that).
				await expect(run('pandoc', ['-f', 'docx', '-t', 'plain', file], { timeout: 20_000 }), `seed ${seed}`).resolves.toBeDefined()
				const xml = docxPart(result.docx, 'word/document.xml')
				// eslint-disable-next-line no-control-regex
				expect(xml, `seed ${seed}`).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])/)
				expect(docxPart(result.docx, 'word/_rels/document.xml.rels'), `seed ${seed}`).not.toMatch(/javascript:|vbscript:|data:|127\.0\.0\.1/)
				for (const entry of result.report) expect(entry.line, `seed ${seed}`).toBeGreaterThanOrEqual(0)
			}
		}
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
}, 90_000)
