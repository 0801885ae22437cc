import { describe, expect, test } from 'vitest'
import { checkJsNesting, formatJson, looksLikeJson, MAX_JSON_DEPTH, minifyXml, ScanError, scanCss, scanSql } from './scanners.ts'

function scanError(run: () => unknown): ScanError {
	try {
		run()
	} catch (error) {
		expect(error).toBeInstanceOf(ScanError)
		return error as ScanError
	}
	throw new Error('Expected a ScanError')
}

describe('formatJson', () => {
	test('minifies and pretty-prints with the exact text of numbers and strings', () => {
		const input = ' { "a" : [ 1.0 , -0 , 2E-3 , 123456789012345678901234567890 ] , "s" : "x\\u00e9\\n\\"" , "t" : true , "n" : null } '
		expect(formatJson(input, null)).toBe('{"a":[1.0,-0,2E-3,123456789012345678901234567890],"s":"x\\u00e9\\n\\"","t":true,"n":null}')
		expect(formatJson(input, '  ')).toBe(
			'{\n  "a": [\n    1.0,\n    -0,\n    2E-3,\n    123456789012345678901234567890\n  ],\n  "s": "x\\u00e9\\n\\"",\n  "t": true,\n  "n": null\n}',
		)
	})

	test('scalars and empty containers', () => {
		expect(formatJson(' "x" ', null)).toBe('"x"')
		expect(formatJson('42', '  ')).toBe('42')
		expect(formatJson('[ ]', '  ')).toBe('[]')
		expect(formatJson('{ "a": { }, "b": [ ] }', '\t')).toBe('{\n\t"a": {},\n\t"b": []\n}')
	})

	test.each([
		['[1,]', 2, "Trailing comma before ']'"],
		['{"a" 1}', 5, "Expected ':' after the property name \"a\" but found '1'"],
		['{"a":1 "b":2}', 7, "Expected a comma or '}' after the value of \"a\" but found '\"'"],
		['[1 2]', 3, "Expected a comma or ']' after the value but found '2'"],
		['"tab\there"', 4, 'Control character U+0009 in a string: use \\t'],
		['"bad \\x"', 5, "Invalid escape '\\x'"],
		['"\\u12G4"', 1, "Invalid Unicode escape '\\u12G4': it needs four hex digits"],
		['-', 0, "Expected a digit after '-'"],
		['1.', 0, 'Numbers need a digit after the decimal point'],
		['1e+', 0, 'Expected a digit in the exponent'],
		['.5', 0, 'Numbers need a digit before the decimal point'],
		['undefined', 0, 'undefined is not valid JSON (use null)'],
		['{"a":1}/* c */', 7, 'Comments are not allowed in JSON'],
		['', 0, 'Unexpected end of input: no JSON value found'],
	])('%j → offset %i: %s', (input, offset, message) => {
		const error = scanError(() => formatJson(input, null))
		expect(error.offset).toBe(offset)
		expect(error.message).toBe(message)
		expect(error.kind).toBe('syntax')
	})

	test(`nesting deeper than ${MAX_JSON_DEPTH} is too complex`, () => {
		expect(formatJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH), null)).toHaveLength(2 * MAX_JSON_DEPTH)
		const error = scanError(() => formatJson('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1), null))
		expect(error.kind).toBe('too-complex')
		expect(error.offset).toBe(MAX_JSON_DEPTH)
	})

	test('looksLikeJson accepts a valid start when the sample is cut', () => {
		for (const cut of ['{"a": [1, 2', '{"name": "lo', '[{"id": 1}, {"id"', '{"a": tr', '{"n": -', '{"a": 1.', '[1e']) {
			expect(looksLikeJson(cut, true), cut).toBe(true)
			expect(looksLikeJson(cut, false), cut).toBe(false)
		}
		expect(looksLikeJson('{"a": 1,, ', true)).toBe(false)
		expect(looksLikeJson('{ a: 1 }', true)).toBe(false)
	})
})

describe('scanCss', () => {
	test('valid CSS with strings, comments, escapes and url() passes', () => {
		const css = [
			'/*! licence */',
			'.a\\{b { content: "}{)(" ; background: url(data:image/png;base64,iVBOR==) }',
			".b::after { content: '\\'' }",
			'.c { background: url( "a(b).png" ) }',
			'/* ) */ .d[data-x="]"] { color: red }',
			'/*! second */',
		].join('\n')
		expect(scanCss(css).licenceComments).toEqual([
			{ text: '/*! licence */', offset: 0 },
			{ text: '/*! second */', offset: css.indexOf('/*! second */') },
		])
	})

	test.each([
		['.a { color: red', 3, "Unclosed '{': add '}'"],
		['.a { }\n}', 7, "Unexpected '}': there is no '{' to close"],
		['.a { b: f(1] }', 11, "Expected ')' to close the '(' opened earlier, found ']'"],
		['.a { b: url(x.png }', 8, "Unclosed 'url(': add ')'"],
		['.a { b: "x }', 8, 'Unclosed string'],
		['/* .a {}', 0, 'Unclosed comment: add */'],
	])('%j → offset %i: %s', (input, offset, message) => {
		const error = scanError(() => scanCss(input))
		expect(error.offset).toBe(offset)
		expect(error.message).toBe(message)
	})

	test('nesting deeper than the cap is too complex', () => {
		expect(() => scanCss('a{'.repeat(128) + '}'.repeat(128))).not.toThrow()
		const error = scanError(() => scanCss('a{'.repeat(129) + '}'.repeat(129)))
		expect(error.kind).toBe('too-complex')
	})
})

describe('scanSql', () => {
	const minify = (sql: string, backslashEscapes = false) => scanSql(sql, { minify: true, backslashEscapes })

	test('comments go, literals and quoted identifiers stay as written', () => {
		const sql = `SELECT  "Order  Id" , [Order  Details] , \`weird  name\`   -- note
FROM t /* block /* nested */ still comment */ WHERE x = 'a  --  b'   AND y = E'it\\'s' ;`
		expect(minify(sql)).toBe(`SELECT "Order  Id",[Order  Details],\`weird  name\` FROM t WHERE x='a  --  b' AND y=E'it\\'s';`)
	})

	test('dollar-quoted bodies stay as written; $1 parameters are not quotes', () => {
		const sql = 'CREATE FUNCTION f(a int) RETURNS int AS $body$\n  SELECT  a  +  1 -- inside\n$body$ LANGUAGE sql;\nSELECT $1,  $$ x  $$;'
		expect(minify(sql)).toBe('CREATE FUNCTION f(a int)RETURNS int AS $body$\n  SELECT  a  +  1 -- inside\n$body$ LANGUAGE sql;SELECT $1,$$ x  $$;')
	})

	test('MySQL executable comments and optimizer hints are kept', () => {
		expect(minify('/*!40101 SET NAMES utf8 */;\nSELECT /*+ MAX_EXECUTION_TIME(1000) */ * FROM t')).toBe(
			'/*!40101 SET NAMES utf8 */;SELECT /*+ MAX_EXECUTION_TIME(1000) */ * FROM t',
		)
	})

	test('operators keep the spaces they need', () => {
		expect(minify('SELECT a - -1, b = -2, c <= d, e != f, g = h')).toBe('SELECT a - -1,b= -2,c <=d,e !=f,g=h')
		expect(minify('SELECT 1 / *x')).toBe('SELECT 1 / *x')
	})

	test('client commands and # comments keep their lines', () => {
		expect(minify('SELECT 1\nGO\nSELECT 2\nGO 3\n')).toBe('SELECT 1\nGO\nSELECT 2\nGO 3')
		expect(minify('DELIMITER $$\nCREATE PROCEDURE p() BEGIN SELECT 1; END$$\nDELIMITER ;')).toBe(
			'DELIMITER $$\nCREATE PROCEDURE p()BEGIN SELECT 1;END$$\nDELIMITER ;',
		)
		expect(minify('\\set ON_ERROR_STOP on\nSELECT 1;')).toBe('\\set ON_ERROR_STOP on\nSELECT 1;')
		expect(minify('SELECT a # pick a\nFROM t')).toBe('SELECT a # pick a\nFROM t')
	})

	test('backslash escapes only when asked (MySQL)', () => {
		expect(() => minify("SELECT 'It\\'s'")).toThrow(ScanError)
		expect(minify("SELECT 'It\\'s'", true)).toBe("SELECT 'It\\'s'")
		// Standard SQL: a backslash is an ordinary character.
		expect(minify("SELECT 'C:\\', 'x'")).toBe("SELECT 'C:\\','x'")
	})

	test('a long line of leading spaces stays linear', () => {
		const sql = ' '.repeat(200_000) + 'SELECT 1\n'.repeat(1000)
		expect(minify(sql)).toBe(Array.from({ length: 1000 }, () => 'SELECT 1').join(' '))
	})
})

describe('minifyXml', () => {
	test('whitespace between tags and comments go; text, CDATA, PIs, DOCTYPE stay', () => {
		const xml = `<?xml   version="1.0"   encoding="UTF-8" ?>
<!DOCTYPE note [
  <!ENTITY writer "Donald > Duck">
  <!-- a comment with > and ] -->
]>
<note  id = "1"   lang='en' >
  <!-- gone -->
  <to> Tove </to>
  <?render fast?>
  <body><![CDATA[  a < b  ]]></body>
  <empty  ></empty >
  <text xml:space="preserve">  <b> keep </b>  </text>
</note>`
		expect(minifyXml(xml)).toBe(
			`<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE note [
  <!ENTITY writer "Donald > Duck">
  <!-- a comment with > and ] -->
]><note id="1" lang='en'><to> Tove </to><?render fast?><body><![CDATA[  a < b  ]]></body><empty/><text xml:space="preserve">  <b> keep </b>  </text></note>`,
		)
	})

	test('attribute values keep their spaces and > characters', () => {
		expect(minifyXml('<a title="x  >  y"\n   b = "2" />')).toBe('<a title="x  >  y" b="2"/>')
	})
})

describe('checkJsNesting', () => {
	test('brackets inside strings, comments, templates and regexes do not count', () => {
		const code = [
			'const s = "((((((((((" + \'[[[[[[[[\'',
			'// ((((((((((((((((',
			'/* {{{{{{{{{{{{{{ */',
			'const r = /\\({10}[(]/g',
			'const t = `((((( ${ a ? `{{{{` : "" } )))))`',
			'const d = a / b / (c)',
		].join('\n')
		expect(() => checkJsNesting(code, 3)).not.toThrow()
	})

	test('deep nesting is too complex, at the bracket that crosses the cap', () => {
		const error = scanError(() => checkJsNesting('f(' + '['.repeat(10), 5))
		expect(error.kind).toBe('too-complex')
		expect(error.offset).toBe(6)
		expect(() => checkJsNesting('`${`${`${x}`}`}`', 6)).not.toThrow()
		expect(() => checkJsNesting('`${`${`${x}`}`}`', 5)).toThrow(ScanError)
	})
})
