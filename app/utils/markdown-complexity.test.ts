/**
 * The one complexity check for Markdown (app/utils/markdown-complexity.ts),
 * which the blog's renderer and Markdown → DOCX both run before marked:
 * decided by the input alone, so the same text is refused on any machine.
 */
import { describe, expect, test } from 'vitest'
import { findMarkdownComplexity, MAX_DELIMITERS, MAX_INDENT, MAX_NESTING, MAX_TABLE_CELLS } from './markdown-complexity.ts'

describe('findMarkdownComplexity', () => {
	test('ordinary documents pass', () => {
		expect(findMarkdownComplexity('# Title\n\nSome *emphasis* and __strong__ text.\n\n> quote\n\n- a\n  - b\n')).toBeNull()
		expect(findMarkdownComplexity(`${'> '.repeat(MAX_NESTING)}deep`)).toBeNull()
		expect(findMarkdownComplexity('*a'.repeat(MAX_DELIMITERS))).toBeNull()
		expect(findMarkdownComplexity(`| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(MAX_TABLE_CELLS / 2 - 1)}`)).toBeNull()
	})

	test('emphasis marks are counted per paragraph, outside code fences', () => {
		expect(findMarkdownComplexity('*a'.repeat(MAX_DELIMITERS + 1), 3)).toMatchObject({ reason: 'emphasis', line: 3, limit: MAX_DELIMITERS })
		// A blank line starts a new paragraph and a new count.
		const part = '*a'.repeat((MAX_DELIMITERS * 2) / 5)
		expect(findMarkdownComplexity(`${part}\n\n${part}\n\n${part}`)).toBeNull()
		expect(findMarkdownComplexity(`intro\n\n${part}\n${part}\n${part}`)).toMatchObject({ reason: 'emphasis', line: 3 })
		expect(findMarkdownComplexity(`\`\`\`\n${'*'.repeat(MAX_DELIMITERS * 2)}\n\`\`\``)).toBeNull()
	})

	test('nesting and indentation', () => {
		expect(findMarkdownComplexity(`text\n\n${'>'.repeat(5000)}`)).toMatchObject({ reason: 'nesting', line: 3, limit: MAX_NESTING })
		let list = ''
		for (let depth = 0; depth < 200; depth++) list += `${' '.repeat(depth * 2)}- item\n`
		expect(findMarkdownComplexity(list)).toMatchObject({ reason: 'indent', limit: MAX_INDENT })
	})

	test('table cells are counted from the text, before anything is parsed', () => {
		const problem = findMarkdownComplexity(`| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(MAX_TABLE_CELLS / 2)}`)
		expect(problem).toMatchObject({ reason: 'table-cells', limit: MAX_TABLE_CELLS })
		expect(problem!.message).toMatch(/250,002 cells/)
		// Rows without outer pipes, in a block quote, count the same.
		expect(findMarkdownComplexity(`> a | b\n> --|--\n${'> 1 | 2\n'.repeat(MAX_TABLE_CELLS / 2)}`)).toMatchObject({ reason: 'table-cells' })
		// A blank line ends a table: two tables under the limit each, counted together.
		const table = `| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(MAX_TABLE_CELLS / 4)}`
		expect(findMarkdownComplexity(`${table}\n${table}`)).toMatchObject({ reason: 'table-cells' })
		// A line of dashes under text that has no pipe is a setext heading, not a table.
		expect(findMarkdownComplexity(`Heading\n---\n${'text\n'.repeat(10)}`)).toBeNull()
	})
})
