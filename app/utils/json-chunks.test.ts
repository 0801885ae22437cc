import { describe, expect, test } from 'vitest'
import { encodeJsonChunks, escapeUtf8 } from './json-chunks.ts'

function joined(chunks: ReadonlyArray<Uint8Array>): Buffer {
	return Buffer.concat(chunks)
}

describe('encodeJsonChunks', () => {
	// Emoji (surrogate pairs) at every offset, right-to-left text and marks, lone surrogates, escapes and control characters.
	const text = 'a😀b\u202e\u05e9\u05dc\u05d5\u05dd 😀😀 "q" \\ \n\t\u0000\u001f\u2028\ud800x\udfff é東京\ud83d'
	const value = { mode: 'format', output: text, stats: { lines: 3, nested: [1, 'x', null, true] }, missing: undefined, empty: '', last: 'ok' }

	test('is byte for byte JSON.stringify in UTF-8, whatever the chunk size', () => {
		const expected = Buffer.from(JSON.stringify(value))
		for (let chunkChars = 2; chunkChars <= text.length + 2; chunkChars++) {
			expect(joined(encodeJsonChunks(value, chunkChars)).equals(expected), `chunks of ${chunkChars}`).toBe(true)
		}
		expect(joined(encodeJsonChunks(value)).equals(expected)).toBe(true)
		expect(joined(encodeJsonChunks({})).toString()).toBe('{}')
	})

	test('a long field is cut into chunks that each own their buffer (transferable)', () => {
		const long = { output: 'x'.repeat(10_000) + '😀'.repeat(5_000), n: 1 }
		const chunks = encodeJsonChunks(long, 1024)
		expect(chunks.length).toBeGreaterThan(10)
		for (const chunk of chunks) expect(chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength).toBe(true)
		expect(JSON.parse(joined(chunks).toString())).toEqual(long)
	})

	test('a field given as UTF-8 bytes comes out as JSON.stringify would write its text, the field unread', () => {
		// Every control character, quotes, backslashes, DEL, and characters of 2, 3 and 4 bytes (valid UTF-8 has no lone surrogates).
		const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('')
		const utf8Text = `${controls}"\\q\u007f é東京😀 ${controls}end`
		const withBytes = { ...value, output: utf8Text }
		const expected = Buffer.from(JSON.stringify(withBytes))
		const unread = { ...withBytes }
		Object.defineProperty(unread, 'output', { enumerable: true, get: () => { throw new Error('read') } })
		for (const chunkChars of [1, 2, 5, 7, 64, 1024]) {
			const chunks = encodeJsonChunks(unread, chunkChars, { output: Buffer.from(utf8Text) })
			expect(joined(chunks).equals(expected), `chunks of ${chunkChars}`).toBe(true)
			for (const chunk of chunks) expect(chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength).toBe(true)
		}
		const chunks: Array<Uint8Array> = []
		escapeUtf8(new Uint8Array(0), chunks)
		expect(chunks).toEqual([])
	})
})
