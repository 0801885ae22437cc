import { describe, expect, test } from 'vitest'
import { detectFileType } from './core.ts'
import {
	blobType,
	byteLength,
	countCharacters,
	decodedFileName,
	encodedFileName,
	formatSize,
	inputSizes,
	outputFileName,
	previewText,
	sizePair,
} from './view.ts'

const PNG = detectFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
const PDF = detectFileType(new TextEncoder().encode('%PDF-1.7\n'))
const SVG = detectFileType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))
const HTML = detectFileType(new TextEncoder().encode('<!doctype html><p>hi'))

describe('sizes', () => {
	test('characters are code points; bytes follow the character set', () => {
		const text = 'aé€😀'
		expect(countCharacters(text)).toBe(4)
		expect(byteLength(text, 'utf-8')).toBe(new TextEncoder().encode(text).length)
		expect(byteLength(text, 'utf-16le')).toBe(10)
		expect(byteLength('café', 'latin1')).toBe(4)
		expect(countCharacters('\ud800x')).toBe(2)
	})

	test('the input side: decoding counts the Base64 as UTF-8', () => {
		expect(inputSizes('héllo', { action: 'encode', charset: 'utf-16le' })).toEqual({ chars: 5, bytes: 10 })
		expect(inputSizes('aGk=', { action: 'decode', charset: 'utf-16le' })).toEqual({ chars: 4, bytes: 4 })
		expect(sizePair(1, 1)).toBe('1 character · 1 byte')
		expect(sizePair(1234, 5678)).toBe('1,234 characters · 5,678 bytes')
	})

	test('formatSize', () => {
		expect(formatSize(1)).toBe('1 byte')
		expect(formatSize(900)).toBe('900 bytes')
		expect(formatSize(1536)).toBe('1.5 KB')
		expect(formatSize(50 * 1024 * 1024)).toBe('50 MB')
		expect(formatSize(69_905_068)).toBe('66.7 MB')
	})
})

describe('previews', () => {
	test('short text is shown whole; long text is cut with how much is left', () => {
		expect(previewText('abc')).toEqual({ text: 'abc', more: null })
		const long = 'A'.repeat(1024 * 1024 + 1)
		const preview = previewText(long)
		expect(preview.text).toHaveLength(4096)
		expect(preview.more).toBe('… (1020 KB more)')
		expect(previewText('A'.repeat(3 * 1024 * 1024)).more).toBe('… (3 MB more)')
	})
})

describe('downloads', () => {
	test('decoded files are named by their type', () => {
		expect(decodedFileName(PNG)).toBe('decoded.png')
		expect(decodedFileName(PDF)).toBe('decoded.pdf')
		expect(decodedFileName(null)).toBe('decoded.bin')
		expect(encodedFileName('photo.png', 'base64')).toBe('photo.png.base64.txt')
		expect(encodedFileName(' ', 'data-uri')).toBe('file.data-uri.txt')
		expect(outputFileName('encode', false)).toBe('base64.txt')
		expect(outputFileName('decode', false)).toBe('decoded.txt')
		expect(outputFileName('decode', true)).toBe('hex-dump.txt')
	})

	test('only images and PDFs keep their type as blobs; markup never does', () => {
		expect(blobType(PNG)).toBe('image/png')
		expect(blobType(PDF)).toBe('application/pdf')
		expect(blobType(SVG)).toBe('image/svg+xml')
		expect(HTML?.mime).toBe('text/html')
		expect(blobType(HTML)).toBe('application/octet-stream')
		expect(blobType(null)).toBe('application/octet-stream')
	})
})
