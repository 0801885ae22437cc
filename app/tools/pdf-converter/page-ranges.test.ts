/**
 * The page-range parser: what people type, and the 400s (with
 * `details.fields.<option>`) for what cannot be a range of this document.
 */
import { expect, test } from 'vitest'
import { type AppError } from '#app/utils/errors.ts'
import { pageIndexes, parsePageRanges, selectedPages } from './page-ranges.ts'

function failure(text: string, pageCount = 10, field = 'pages'): AppError {
	try {
		parsePageRanges(text, pageCount, field)
	} catch (error) {
		return error as AppError
	}
	throw new Error(`"${text}" was accepted`)
}

test('reads single pages, ranges, open ends and spaces, in the order written', () => {
	expect(parsePageRanges('1-3,5,8-', 10)).toEqual([
		{ from: 1, to: 3 },
		{ from: 5, to: 5 },
		{ from: 8, to: 10 },
	])
	expect(parsePageRanges(' -2 , 10 ', 10)).toEqual([
		{ from: 1, to: 2 },
		{ from: 10, to: 10 },
	])
	expect(pageIndexes(parsePageRanges('3,1-2,3', 3))).toEqual([2, 0, 1, 2])
	expect([...selectedPages('', 3)]).toEqual([0, 1, 2])
	expect([...selectedPages('2-', 3)]).toEqual([1, 2])
})

test.each([
	['0', /numbered from 1/],
	['0-3', /numbered from 1/],
	['5-2', /goes backwards: write 2-5/],
	['1-99999', /beyond the last page: the document has 10 pages/],
	['11', /Page 11 does not exist: the document has 10 pages/],
	['abc', /"abc" is not a page number or a range/],
	['1,,2', /empty item/],
	['-', /alone is not a range/],
	['1.5', /not a page number/],
	['', /Enter one or more pages/],
	['   ', /Enter one or more pages/],
])('"%s" is a 400 whose details name the field', (text, message) => {
	const error = failure(text)
	expect(error.status).toBe(400)
	expect(error.code).toBe('VALIDATION_ERROR')
	expect(error.message).toMatch(/^Validation failed: pages: /)
	expect((error.details as { fields: Record<string, string> }).fields.pages).toMatch(message)
})

test('the field named in the error is the option the ranges came from', () => {
	expect(failure('9', 3, 'order').details).toEqual({ fields: { order: 'Page 9 does not exist: the document has 3 pages.' } })
	expect(failure('2', 1).details).toEqual({ fields: { pages: 'Page 2 does not exist: the document has 1 page.' } })
})
