import { deserialize, serialize } from 'node:v8'
import { describe, expect, test } from 'vitest'
import { excerptAt, positionAt, ToolError, type ToolProblem, utf8OutputOf } from '#app/tools/kit/core.ts'
import {
	core,
	describeError,
	EMPTY_INPUT_MESSAGE,
	formatJson,
	type JsonFormatterOptions,
	MAX_PROBLEMS,
	optionsSchema,
	unescapeStringified,
} from './core.ts'
import { excerptNear } from './scanner.ts'
import { errorOf } from '#tests/setup/tool-error.ts'

type ErrorDetails = { line: number; column: number; errors: ToolProblem[]; excerpt: string; caret: string; maxDepth?: number }

function format(input: string, options: Partial<JsonFormatterOptions> = {}): string {
	return formatJson(input, options).output
}

/** The problems reported for `input` (strict mode unless told). */
function problems(input: string, options: Partial<JsonFormatterOptions> = {}): ToolProblem[] {
	return errorOf<ErrorDetails>(() => formatJson(input, options)).details.errors
}

function messages(input: string, options: Partial<JsonFormatterOptions> = {}): string[] {
	return problems(input, options).map((problem) => problem.message)
}

describe('the core contract', () => {
	test('the options schema fills every default from {} and refuses unknown keys', () => {
		expect(optionsSchema.parse({})).toEqual({ mode: 'format', indent: '2', sortKeys: false, lenient: false })
		expect(optionsSchema.safeParse({ mode: 'pretty' }).success).toBe(false)
		expect(optionsSchema.safeParse({ indent: 3 }).success).toBe(false)
		expect(optionsSchema.safeParse({ colour: 'red' }).success).toBe(false)
		expect(core.slug).toBe('json-formatter')
	})

	test('run returns JSON-serialisable results with output, warnings, changes, stats and stringified', async () => {
		const result = await core.run('{"a":1}', optionsSchema.parse({}))
		expect(result).toEqual({
			output: '{\n  "a": 1\n}',
			warnings: [],
			changes: [],
			stats: { keys: 1, values: 2, depth: 1, bytesIn: 7, bytesOut: 12 },
			stringified: false,
		})
		expect(JSON.parse(JSON.stringify(result))).toEqual(result)
	})

	test('validate mode gives no output and valid: true', () => {
		expect(formatJson('{"a": [1, 2]}', { mode: 'validate' })).toMatchObject({ output: '', valid: true, warnings: [] })
		expect(formatJson('[1]', { mode: 'format' }).valid).toBeUndefined()
	})

	test('empty input and whitespace only ask for JSON', () => {
		for (const input of ['', ' ', '\n\t\r\n ', '\uFEFF', '\uFEFF  \n']) {
			const error = errorOf<ErrorDetails>(() => formatJson(input))
			expect(error.message).toBe(EMPTY_INPUT_MESSAGE)
			expect(error.status).toBe(400)
			expect(error.code).toBe('VALIDATION_ERROR')
		}
	})
})

describe('formatting', () => {
	const sample = '{"name":"Ada","tags":["x",1,true,null],"nested":{"deep":{"empty":{},"list":[]}}}'

	test('indents with 2 spaces, 4 spaces or tabs, like JSON.stringify', () => {
		const value: unknown = JSON.parse(sample)
		expect(format(sample)).toBe(JSON.stringify(value, null, 2))
		expect(format(sample, { indent: '4' })).toBe(JSON.stringify(value, null, 4))
		expect(format(sample, { indent: 'tab' })).toBe(JSON.stringify(value, null, '\t'))
		expect(format(sample, { indent: '2' })).toBe(
			[
				'{',
				'  "name": "Ada",',
				'  "tags": [',
				'    "x",',
				'    1,',
				'    true,',
				'    null',
				'  ],',
				'  "nested": {',
				'    "deep": {',
				'      "empty": {},',
				'      "list": []',
				'    }',
				'  }',
				'}',
			].join('\n'),
		)
	})

	test('minifies', () => {
		const pretty = JSON.stringify(JSON.parse(sample), null, 4).replace(/\n/g, '\r\n')
		expect(format(pretty, { mode: 'minify' })).toBe(sample)
		expect(format(' [ 1 , 2 ] ', { mode: 'minify' })).toBe('[1,2]')
	})

	test('empty objects and arrays print as {} and [], whatever is inside', () => {
		expect(format('{ }')).toBe('{}')
		expect(format('[\n\n]')).toBe('[]')
		expect(format('{"a": { }, "b": [ ]}', { mode: 'minify' })).toBe('{"a":{},"b":[]}')
		expect(format('[ /* nothing */ ]', { lenient: true })).toBe('[]')
		expect(format('{ // nothing\n}', { lenient: true })).toBe('{}')
	})

	test('top-level scalars, and whitespace around the value, are fine', () => {
		expect(format('  42  ')).toBe('42')
		expect(format('\n"text"\n')).toBe('"text"')
		expect(format('true')).toBe('true')
		expect(format('null', { mode: 'minify' })).toBe('null')
	})

	test('already formatted input comes out unchanged, and CRLF becomes LF', () => {
		const pretty = JSON.stringify(JSON.parse(sample), null, 2)
		expect(format(pretty)).toBe(pretty)
		expect(format(pretty.replace(/\n/g, '\r\n'))).toBe(pretty)
		expect(format(sample, { mode: 'minify' })).toBe(sample)
	})
})

describe('the output as UTF-8 bytes (for the tool API)', () => {
	test('the result carries the bytes it was written as; its text is the same, made when read, and survives structured clone', () => {
		// Non-ASCII of every width, a lone surrogate (written as its escape), control escapes.
		const input = '{ "a": [1, "é東京😀"], "b": "\ud800", "c": "x\\n\\u0001" }'
		for (const mode of ['format', 'minify'] as const) {
			const result = formatJson(input, { mode })
			const bytes = utf8OutputOf(result)
			expect(bytes).not.toBeNull()
			expect(Buffer.from(bytes!).toString('utf8')).toBe(result.output)
			expect(result.stats.bytesOut).toBe(Buffer.byteLength(result.output))
			expect((deserialize(serialize(result)) as { output: string }).output).toBe(result.output)
			expect(JSON.parse(JSON.stringify(result)).output).toBe(result.output)
		}
		// Already in the wanted layout: the output is the input itself, with no bytes.
		expect(utf8OutputOf(formatJson('[1,2]', { mode: 'minify' }))).toBeNull()
		expect(utf8OutputOf(formatJson(input, { mode: 'format', sortKeys: true }))).toBeNull()
	})
})

describe('formatting never changes data', () => {
	test('numbers stay exactly as written', () => {
		const numbers = ['12345678901234567890', '0.10000000000000000001', '1e400', '-0', '1E+2', '1e-7', '-1.5E-10', '0', '123456789012345678901234567890.5e-3']
		const input = `[${numbers.join(',')}]`
		expect(format(input)).toBe(`[\n${numbers.map((number) => `  ${number}`).join(',\n')}\n]`)
		expect(format(input, { mode: 'minify' })).toBe(input)
		expect(format(`{"big": 12345678901234567890}`, { sortKeys: true })).toBe('{\n  "big": 12345678901234567890\n}')
	})

	test('strings are re-emitted exactly as written, escapes included', () => {
		const input = String.raw`["\u00e9", "é", "\/", "/", "\uD83D\uDE00", "😀", "a\tb", "\u0041\u0042", "\"", "\\"]`
		const output = format(input, { mode: 'minify' })
		expect(output).toBe(input.replace(/, /g, ','))
		expect(format(input)).toContain(String.raw`"\u00e9"`)
		expect(format(input, { sortKeys: true })).toContain(String.raw`"\uD83D\uDE00"`)
	})

	test('duplicate keys are kept in order and reported with the line of the first', () => {
		const input = '{\n  "a": 1,\n  "b": 2,\n  "a": 3\n}'
		const result = formatJson(input)
		expect(result.output).toBe(input)
		expect(result.warnings).toEqual([{ message: 'Duplicate key "a" (first seen on line 2)', line: 4, column: 3, offset: 24 }])
		expect(formatJson(input, { sortKeys: true }).output).toBe('{\n  "a": 1,\n  "a": 3,\n  "b": 2\n}')
	})

	test('duplicates are found by value, per object, in small and large objects', () => {
		expect(formatJson(String.raw`{"a": 1, "\u0061": 2}`).warnings.map((warning) => warning.message)).toEqual(['Duplicate key "a" (first seen on line 1)'])
		// The same key in sibling or nested objects is no duplicate.
		expect(formatJson('{"a": {"a": 1}, "b": {"a": 2}, "c": [{"a": 1}, {"a": 2}]}').warnings).toEqual([])
		// Past 16 keys the lookup goes through a map.
		const keys = Array.from({ length: 500 }, (_, index) => `"key${index}": ${index}`)
		const large = `{${keys.join(',')}, "key250": true, "key0": false}`
		expect(formatJson(large).warnings.map((warning) => warning.message)).toEqual([
			'Duplicate key "key250" (first seen on line 1)',
			'Duplicate key "key0" (first seen on line 1)',
		])
		// Keys whose cheap hashes meet (same length, same ends): found by value, and not in quadratic time
		// (200,000 keys would take minutes: the test would time out).
		const similar = `{${Array.from({ length: 200_000 }, (_, index) => `"a${String(index).padStart(7, '0')}z": 1`).join(',')}, "a0123456z": 2}`
		const offset = similar.lastIndexOf('"a0123456z"')
		expect(formatJson(similar, { mode: 'validate' }).warnings).toEqual([
			{ message: 'Duplicate key "a0123456z" (first seen on line 1)', line: 1, column: offset + 1, offset },
		])
		const small = '{"a00z": 1, "a01z": 2, "a10z": 3, "a11z": 4, "a01z": 5}'
		expect(formatJson(small).warnings.map((warning) => warning.message)).toEqual(['Duplicate key "a01z" (first seen on line 1)'])
	})

	test('warnings are capped, with a count of the rest', () => {
		const input = `{${Array.from({ length: 150 }, () => '"same": 1').join(',')}}`
		const { warnings } = formatJson(input)
		expect(warnings).toHaveLength(MAX_PROBLEMS + 1)
		expect(warnings.at(-1)).toEqual({ message: '49 more warnings not listed' })
	})

	test('a byte order mark is accepted with a warning and left out', () => {
		const result = formatJson('\uFEFF{"a":1}', { mode: 'minify' })
		expect(result.output).toBe('{"a":1}')
		expect(result.warnings).toEqual([
			{ message: 'The input starts with a byte order mark (U+FEFF); it is left out of the output', line: 1, column: 1, offset: 0 },
		])
	})

	test('lone surrogates do not crash: a warning, and the string keeps its meaning', () => {
		const escaped = formatJson(String.raw`["\ud800", "\udc00x", "\ud83d\ude00"]`, { mode: 'minify' })
		expect(escaped.output).toBe(String.raw`["\ud800","\udc00x","\ud83d\ude00"]`)
		expect(escaped.warnings.map((warning) => warning.message)).toEqual([
			String.raw`Lone surrogate \ud800: half of a UTF-16 pair, not a character (JSON.parse accepts it, other tools may not)`,
			String.raw`Lone surrogate \udc00: half of a UTF-16 pair, not a character (JSON.parse accepts it, other tools may not)`,
		])
		// Raw lone surrogates (possible in a JavaScript string): same value out.
		const raw = '[ "a\ud800b", "\udfff" ]'
		const result = formatJson(raw, { mode: 'minify' })
		expect(JSON.parse(result.output)).toEqual(JSON.parse(raw))
		expect(result.warnings.map((warning) => warning.message)).toEqual([
			'Lone surrogate U+D800: half of a UTF-16 pair, not a character',
			'Lone surrogate U+DFFF: half of a UTF-16 pair, not a character',
		])
		expect(formatJson('"\ud800"').output).toBe('"\ud800"')
	})
})

describe('sorting keys', () => {
	test('sorts recursively by UTF-16 code unit order, stable for duplicates', () => {
		const input = '{"b": 1, "a": {"z": 1, "y": [{"d": 1, "c": 2}]}, "B": 0, "é": 2, "\uFF61": 3, "😀": 4, "": 5}'
		const output = format(input, { sortKeys: true, mode: 'minify' })
		expect(output).toBe('{"":5,"B":0,"a":{"y":[{"c":2,"d":1}],"z":1},"b":1,"é":2,"😀":4,"\uFF61":3}')
		expect(format('{"a": 1, "b": 0, "a": 2, "a": 3}', { sortKeys: true, mode: 'minify' })).toBe('{"a":1,"a":2,"a":3,"b":0}')
	})

	test('sorts escaped keys by their value', () => {
		expect(format(String.raw`{"c": 1, "\u0062": 2, "a": 3}`, { sortKeys: true, mode: 'minify' })).toBe(String.raw`{"a":3,"\u0062":2,"c":1}`)
	})

	test('indents sorted output like the formatter', () => {
		const input = '{"b": [3, {"y": 1, "x": {}}], "a": []}'
		expect(format(input, { sortKeys: true })).toBe(JSON.stringify({ a: [], b: [3, { x: {}, y: 1 }] }, null, 2))
		expect(format(input, { sortKeys: true, indent: 'tab' })).toBe(JSON.stringify({ a: [], b: [3, { x: {}, y: 1 }] }, null, '\t'))
		expect(format('[]', { sortKeys: true })).toBe('[]')
		expect(format('"x"', { sortKeys: true })).toBe('"x"')
	})

	test('__proto__ and constructor are ordinary keys; no prototype is touched', () => {
		const input = '{"constructor": {"prototype": {"polluted": 1}}, "__proto__": {"polluted": 2}, "toString": 3, "hasOwnProperty": 4}'
		const sorted = format(input, { sortKeys: true, mode: 'minify' })
		expect(sorted).toBe('{"__proto__":{"polluted":2},"constructor":{"prototype":{"polluted":1}},"hasOwnProperty":4,"toString":3}')
		expect(format(input, { mode: 'minify' })).toBe(input.replace(/: /g, ':').replace(/, /g, ','))
		expect(formatJson('{"__proto__": 1, "__proto__": 2}').warnings).toHaveLength(1)
		expect(({} as Record<string, unknown>).polluted).toBeUndefined()
		expect(Object.prototype).not.toHaveProperty('polluted')
	})

	test('validate mode ignores sortKeys', () => {
		expect(formatJson('{"b":1,"a":2}', { mode: 'validate', sortKeys: true })).toMatchObject({ output: '', valid: true })
	})
})

describe('errors', () => {
	test('a missing comma names the property and what was found', () => {
		const error = errorOf<ErrorDetails>(() => formatJson('{"name": "Ada" "age": 36}'))
		expect(error.message).toBe(`Expected a comma or '}' after the value of "name" but found '"' (line 1, column 16)`)
		expect(error.details).toMatchObject({ line: 1, column: 16 })
		expect(messages('[1 2]')).toEqual(["Expected a comma or ']' after the value but found '2'"])
	})

	test('the end of the input with brackets open says which', () => {
		expect(errorOf<ErrorDetails>(() => formatJson('{"a": [1, 2')).message).toBe(
			"Unexpected end of input: 2 brackets still open (the innermost, '[', opened on line 1, column 7) (line 1, column 12)",
		)
		expect(messages('{\n  "a": 1')).toEqual(["Unexpected end of input: 1 bracket still open ('{' opened on line 1, column 1)"])
		expect(messages('{"a":')).toEqual(["Unexpected end of input: 1 bracket still open ('{' opened on line 1, column 1)"])
		expect(messages('{"a"')).toEqual(["Unexpected end of input: 1 bracket still open ('{' opened on line 1, column 1)"])
	})

	test('trailing commas', () => {
		expect(problems('[1, 2,]')).toEqual([{ message: "Trailing comma before ']'", line: 1, column: 6, offset: 5 }])
		expect(problems('{\n  "a": 1,\n}')).toEqual([{ message: "Trailing comma before '}'", line: 2, column: 9, offset: 10 }])
	})

	test('single quotes, unquoted keys and comments', () => {
		expect(messages("{'a': 'b'}")).toEqual(['Strings must use double quotes', 'Strings must use double quotes'])
		expect(messages('{a: 1}')).toEqual(['Property names must be in double quotes'])
		expect(problems('// note\n[1 /* one */]')).toEqual([
			{ message: 'Comments are not allowed in JSON', line: 1, column: 1, offset: 0 },
			{ message: 'Comments are not allowed in JSON', line: 2, column: 4, offset: 11 },
		])
	})

	test('bad escapes and raw control characters in strings', () => {
		expect(problems(String.raw`["a\xb"]`)).toEqual([{ message: String.raw`Invalid escape '\x'`, line: 1, column: 4, offset: 3 }])
		expect(messages(String.raw`["\'", "\a"]`)).toEqual([String.raw`Invalid escape '\''`, String.raw`Invalid escape '\a'`])
		expect(messages(String.raw`["\u12G4", "\u12"]`)).toEqual([
			String.raw`Invalid Unicode escape '\u12G4': it needs four hex digits`,
			String.raw`Invalid Unicode escape '\u12': it needs four hex digits`,
		])
		expect(problems('["a\nb"]')).toEqual([{ message: String.raw`Control character U+000A in a string: use \n`, line: 1, column: 4, offset: 3 }])
		expect(messages('["a\tb\u0001"]')).toEqual([
			String.raw`Control character U+0009 in a string: use \t`,
			String.raw`Control character U+0001 in a string: use \u0001`,
		])
	})

	test('numbers JSON does not allow', () => {
		expect(messages('[01, -007]')).toEqual(['Leading zeros are not allowed', 'Leading zeros are not allowed'])
		expect(messages('[NaN, Infinity, -Infinity]')).toEqual([
			'NaN is not valid JSON (use null or a string)',
			'Infinity is not valid JSON (use null or a string)',
			'-Infinity is not valid JSON (use null or a string)',
		])
		expect(messages('[0x1F, +1, .5, 5., 1e, -, 1.2.3, 12abc]')).toEqual([
			'Hexadecimal numbers are not allowed in JSON',
			"Numbers cannot start with '+'",
			'Numbers need a digit before the decimal point',
			'Numbers need a digit after the decimal point',
			'Expected a digit in the exponent',
			"Expected a digit after '-'",
			"Invalid number '1.2.3'",
			"Invalid number '12abc'",
		])
	})

	test('words that are not JSON values', () => {
		expect(messages('[undefined, True, None, hello]')).toEqual([
			'undefined is not valid JSON (use null)',
			"'True' is not valid JSON: write true in lower case",
			"'None' is not valid JSON: write null",
			"Unexpected 'hello': strings must be in double quotes",
		])
	})

	test('brackets that do not match, or that close nothing', () => {
		expect(messages('[1}')).toEqual(["Mismatched bracket: '}' cannot close the '[' opened on line 1, column 1"])
		expect(messages('{"a": [1, 2}')).toEqual(["Mismatched bracket: '}' cannot close the '[' opened on line 1, column 7"])
		expect(messages(']')).toEqual(["Unexpected ']': no bracket is open"])
		expect(messages('{"a": }')).toEqual(["Expected a value after ':' but found '}'"])
		expect(messages('{"a" 1}')).toEqual([`Expected ':' after the property name "a" but found '1'`])
		expect(messages('{"a" }')).toEqual([`Expected ':' after the property name "a" but found '}'`])
		expect(messages('{1: 2}')).toEqual(["Expected a property name in double quotes but found '1'"])
		expect(messages('[1,,2]')).toEqual(["Unexpected ',': a value is missing"])
	})

	test('unterminated strings and comments, and data after the value', () => {
		expect(problems('{"a": "abc')).toEqual([{ message: `Unterminated string: no closing '"' before the end of the input`, line: 1, column: 7, offset: 6 }])
		expect(messages('[1] /* open')).toEqual(["Unterminated comment: '/*' has no closing '*/'"])
		expect(messages('{"a": 1} {"b": 2}')).toEqual(["Unexpected '{' after the end of the JSON value"])
		expect(messages('[1]]')).toEqual(["Unexpected ']' after the end of the JSON value"])
	})

	test('binary junk and odd characters give a clean error with a position', () => {
		expect(problems('\u0000\u0001\u0002')).toEqual([{ message: 'Expected a value but found U+0000', line: 1, column: 1, offset: 0 }])
		expect(messages('[1, @]')).toEqual(["Expected a value but found '@'"])
		expect(messages('{"a":\u00a01}')).toEqual(['Invalid whitespace character U+00A0: JSON allows only spaces, tabs and line breaks'])
		expect(messages('[\ud800]')).toEqual(['Expected a value but found U+D800'])
		expect(messages('[1 😀]')).toEqual(["Expected a comma or ']' after the value but found '😀'"])
		const junk = Array.from({ length: 2000 }, (_, index) => String.fromCharCode((index * 7919) % 65536)).join('')
		expect(errorOf<ErrorDetails>(() => formatJson(junk)).details.line).toBeGreaterThan(0)
	})

	test('every recoverable problem is reported, the first in the message', () => {
		const input = '{\n  // settings\n  name: \'Ada\',\n  "list": [1, 2,],\n  "n": 007,\n  "x": NaN\n  "y": 1\n}'
		const error = errorOf<ErrorDetails>(() => formatJson(input))
		expect(error.message).toBe('7 problems found; the first: Comments are not allowed in JSON (line 2, column 3)')
		expect(error.details.errors).toEqual([
			{ message: 'Comments are not allowed in JSON', line: 2, column: 3, offset: 4 },
			{ message: 'Property names must be in double quotes', line: 3, column: 3, offset: 18 },
			{ message: 'Strings must use double quotes', line: 3, column: 9, offset: 24 },
			{ message: "Trailing comma before ']'", line: 4, column: 16, offset: 46 },
			{ message: 'Leading zeros are not allowed', line: 5, column: 8, offset: 57 },
			{ message: 'NaN is not valid JSON (use null or a string)', line: 6, column: 8, offset: 69 },
			{ message: `Expected a comma or '}' after the value of "x" but found '"'`, line: 7, column: 3, offset: 75 },
		])
		expect(error.details).toMatchObject({ line: 2, column: 3 })
	})

	test('the list stops at 100 problems', () => {
		const input = `[${Array.from({ length: 150 }, () => '/**/1').join(',')}]`
		const error = errorOf<ErrorDetails>(() => formatJson(input))
		expect(error.details.errors).toHaveLength(MAX_PROBLEMS)
		expect(error.message).toMatch(/^At least 100 problems found; the first: Comments are not allowed in JSON \(line 1, column 2\)$/)
	})

	test('columns count code points, lines count line feeds', () => {
		expect(problems('{"😀😀": 1,\r\n "b": x}')).toEqual([{ message: "Unexpected 'x': strings must be in double quotes", line: 2, column: 7, offset: 19 }])
		expect(problems('["😀", nope]')[0]).toMatchObject({ line: 1, column: 7, offset: 7 })
	})

	test('details carry the line with a caret under the column, and describeError gives the same', () => {
		const input = '{\n  "a": 1,\n  "b": tru\n}'
		const error = errorOf<ErrorDetails>(() => formatJson(input))
		expect(error.details).toMatchObject({ line: 3, column: 8, excerpt: '  "b": tru', caret: '       ^' })
		expect(describeError(input, error)).toEqual({ message: error.message, line: 3, column: 8, excerpt: '  "b": tru', caret: '       ^' })
		expect(describeError(input, new Error('other'))).toBeNull()
		expect(describeError(input, 'text')).toBeNull()
	})

	test('excerptNear gives what excerptAt gives, looking only near the offset', () => {
		const random = (() => {
			let state = 17
			return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296
		})()
		const pieces = ['a', 'b', ' ', '\t', '😀', 'é', '\n', '\r\n', '東', 'xyz']
		for (let round = 0; round < 300; round++) {
			let text = ''
			const length = Math.floor(random() * (round % 3 === 0 ? 3000 : 200))
			for (let index = 0; index < length; index++) text += pieces[Math.floor(random() * pieces.length)]!
			let offset = Math.floor(random() * (text.length + 1))
			// Not between the halves of a pair, nor on a CRLF's line feed (positions never point there).
			if (offset > 0 && offset < text.length && text.charCodeAt(offset) >= 0xdc00 && text.charCodeAt(offset) <= 0xdfff) offset--
			if (text[offset] === '\n' && text[offset - 1] === '\r') offset--
			const { line, column } = positionAt(text, offset)
			expect(excerptNear(text, offset), JSON.stringify({ text, offset })).toEqual(excerptAt(text, line, column))
		}
	})

	test('errors in long minified lines show a window around the column', () => {
		const input = `[${'1,'.repeat(5000)}x]`
		const error = errorOf<ErrorDetails>(() => formatJson(input))
		expect(error.details.column).toBe(10002)
		expect(error.details.excerpt.length).toBeLessThanOrEqual(122)
		expect(error.details.excerpt[error.details.caret.length - 1]).toBe('x')
		// 20 MB on one line: the excerpt looks at a window, not the whole line.
		const huge = `[${'"abcdefghij",'.repeat(1_500_000)}oops]`
		const hugeError = errorOf<ErrorDetails>(() => formatJson(huge, { mode: 'validate' }))
		expect(hugeError.details).toMatchObject({ line: 1, column: huge.length - 4, caret: ' '.repeat(116) + '^' })
		expect(hugeError.details.excerpt).toBe('…' + huge.slice(-120))
	})
})

describe('nesting depth', () => {
	test('1,000 levels are fine', () => {
		const input = '['.repeat(1000) + ']'.repeat(1000)
		expect(format(input, { mode: 'minify' })).toBe(input)
		expect(format(input).split('\n')).toHaveLength(1999)
		expect(format(input, { sortKeys: true }).split('\n')).toHaveLength(1999)
		expect(formatJson(input).stats.depth).toBe(1000)
	})

	test('more than 1,000 levels is too complex (422), in every mode', () => {
		const expected = 'Nesting is too deep: more than 1,000 levels (line 1, column 1001). Flatten the data or split it into smaller documents.'
		const inputs = ['['.repeat(1001) + ']'.repeat(1001), '['.repeat(10_000) + ']'.repeat(10_000), '['.repeat(1_000_000)]
		for (const input of inputs) {
			for (const options of [{}, { mode: 'minify' }, { mode: 'validate' }, { sortKeys: true }, { lenient: true }] as const) {
				const error = errorOf<ErrorDetails>(() => formatJson(input, options))
				expect(error.status).toBe(422)
				expect(error.message).toBe(expected)
				expect(error.details).toMatchObject({ line: 1, column: 1001, maxDepth: 1000 })
			}
		}
	})

	test('objects count too, and the position points at the bracket', () => {
		const input = '{"a":'.repeat(1001) + '1' + '}'.repeat(1001)
		const error = errorOf<ErrorDetails>(() => formatJson(input))
		expect(error.status).toBe(422)
		expect(error.details).toMatchObject({ line: 1, column: 5001 })
	})
})

describe('lenient mode (JSON5, JSONC)', () => {
	test('accepts comments, trailing commas, single quotes and unquoted keys, and outputs valid JSON', () => {
		const input = `// config
{
  name: 'Ada', /* inline */
  "list": [1, 2,],
  $ok: true,
  'quote"d': 'it\\'s',
}`
		const result = formatJson(input, { lenient: true })
		expect(result.output).toBe(JSON.stringify({ name: 'Ada', list: [1, 2], $ok: true, 'quote"d': "it's" }, null, 2))
		expect(result.changes).toEqual([
			'Removed 2 comments',
			'Removed 2 trailing commas',
			'Converted 3 single-quoted strings',
			'Quoted 2 keys',
			"Rewrote 1 escape that JSON does not have (such as \\x41 or \\')",
		])
	})

	test('converts JSON5 numbers and NaN/Infinity, and says so', () => {
		const result = formatJson('[0x1F, -0xff, 0x0, +1, .5, 5., -.5e3, NaN, Infinity, -Infinity, 0XABCDEF0123456789ABCDEF]', { lenient: true, mode: 'minify' })
		expect(result.output).toBe('[31,-255,0,1,0.5,5,-0.5e3,null,null,null,207698809136909011942886895]')
		expect(result.changes).toEqual(["Rewrote 8 numbers in JSON form (hexadecimal, leading '+' or bare '.')", 'Replaced 3 NaN or Infinity values with null'])
		expect(JSON.parse(result.output)).toHaveLength(11)
	})

	test('rewrites JSON5 escapes and raw control characters in strings', () => {
		const input = "['\\x41\\v\\0\\a', \"tab\there\", 'line\\\ncontinued', 'keep \\u00e9 \\n \\\" \\/']"
		const result = formatJson(input, { lenient: true, mode: 'minify' })
		expect(result.output).toBe(String.raw`["\u0041\u000b\u0000a","tab\there","linecontinued","keep \u00e9 \n \" \/"]`)
		expect(JSON.parse(result.output)).toEqual(['A\u000b\u0000a', 'tab\there', 'linecontinued', 'keep é \n " /'])
		expect(result.changes).toEqual([
			'Converted 3 single-quoted strings',
			"Rewrote 5 escapes that JSON does not have (such as \\x41 or \\')",
			'Escaped 1 control character inside strings',
		])
	})

	test('removes non-JSON spaces and a BOM', () => {
		const result = formatJson('\uFEFF{\u00a0"a":\u20281}', { lenient: true, mode: 'minify' })
		expect(result.output).toBe('{"a":1}')
		expect(result.changes).toEqual(['Removed 2 non-JSON space characters'])
	})

	test('valid JSON comes out as in strict mode, with no changes', () => {
		const input = '{"a": [1, "x", {"b": null}]}'
		expect(formatJson(input, { lenient: true })).toEqual(formatJson(input))
	})

	test('works with sortKeys, and duplicate keys compare by value', () => {
		const result = formatJson('{b: 1, \'a\': 2, "c": {z: 1, y: 2,}, a: 3}', { lenient: true, sortKeys: true, mode: 'minify' })
		expect(result.output).toBe('{"a":2,"a":3,"b":1,"c":{"y":2,"z":1}}')
		expect(result.warnings.map((warning) => warning.message)).toEqual(['Duplicate key "a" (first seen on line 1)'])
	})

	test('still refuses what it cannot make into JSON, listing every problem', () => {
		expect(messages('[1 2, 007, undefined, "\\x4"]', { lenient: true })).toEqual([
			"Expected a comma or ']' after the value but found '2'",
			'Leading zeros are not allowed',
			'undefined is not valid JSON (use null)',
			String.raw`Invalid escape '\x': it needs two hex digits`,
		])
		expect(messages('{"a": 1', { lenient: true })).toEqual(["Unexpected end of input: 1 bracket still open ('{' opened on line 1, column 1)"])
	})
})

describe('stringified JSON', () => {
	test('a JSON string holding JSON is detected', () => {
		expect(formatJson(String.raw`"{\"a\":1}"`).stringified).toBe(true)
		expect(formatJson(String.raw`  "[1, 2]"  `).stringified).toBe(true)
		expect(formatJson(String.raw`"\"{\\\"a\\\":1}\""`).stringified).toBe(true)
		expect(formatJson(`"{'a':1}"`, { lenient: true }).stringified).toBe(false)
		for (const input of ['"hello"', '"123"', '"{not json"', '{"a": "{\\"b\\":1}"}', '"null"', '"\\"text\\""'])
			expect(formatJson(input).stringified, input).toBe(false)
	})

	test('unescapeStringified returns the content', () => {
		expect(unescapeStringified(String.raw`"{\"a\":1}"`)).toBe('{"a":1}')
		expect(
			unescapeStringified(String.raw` "[1, {\"b\": \"\\u00e9\"}]"
`),
		).toBe(String.raw`[1, {"b": "\u00e9"}]`)
		expect(unescapeStringified(String.raw`'{"a":1}'`, { lenient: true })).toBe('{"a":1}')
	})

	test('unescapeStringified refuses what is not a string holding JSON', () => {
		expect(errorOf<ErrorDetails>(() => unescapeStringified('{"a": 1}')).message).toBe('Only a JSON string (text in double quotes) can be unescaped; this is not one.')
		expect(errorOf<ErrorDetails>(() => unescapeStringified('"hello"')).message).toBe('The string does not hold JSON, so there is nothing to unescape.')
		expect(errorOf<ErrorDetails>(() => unescapeStringified('"abc')).details.errors[0]!.message).toMatch(/^Unterminated string/)
		expect(errorOf<ErrorDetails>(() => unescapeStringified('  ')).message).toBe('Enter a JSON string to unescape.')
	})
})

describe('stats and progress', () => {
	test('counts keys, values, depth and UTF-8 bytes', () => {
		const input = '{"é": ["😀", 1, {"b": null}], "c": "東京"}'
		const result = formatJson(input)
		const utf8 = (text: string) => new TextEncoder().encode(text).length
		expect(result.stats).toEqual({ keys: 3, values: 7, depth: 3, bytesIn: utf8(input), bytesOut: utf8(result.output) })
		expect(formatJson(input, { mode: 'validate' }).stats.bytesOut).toBe(0)
		expect(formatJson('1').stats).toEqual({ keys: 0, values: 1, depth: 0, bytesIn: 1, bytesOut: 1 })
	})

	test('reports progress on large inputs', () => {
		const input = `[${Array.from({ length: 200_000 }, (_, index) => `{"id":${index},"name":"item ${index}"}`).join(',')}]`
		const fractions: number[] = []
		formatJson(input, {}, { progress: (fraction) => fractions.push(fraction) })
		expect(fractions.length).toBeGreaterThan(1)
		expect(fractions.every((fraction) => fraction > 0 && fraction <= 1)).toBe(true)
		expect([...fractions].sort((a, b) => a - b)).toEqual(fractions)
	})
})
