import { expect, test } from 'vitest'
import { safeRedirect } from './redirect.ts'

test('keeps same-site paths with their query and hash', () => {
	expect(safeRedirect('/tools?x=1#y')).toBe('/tools?x=1#y')
	expect(safeRedirect('/')).toBe('/')
})

test('refuses anything that could leave the site', () => {
	for (const hostile of [
		'https://evil.example',
		'//evil.example',
		'/\\evil.example',
		'\\\\evil.example',
		'/\t/evil.example',
		'/\n/evil.example',
		'/..//evil.example',
		'/a/../..//evil.example',
		'/.//evil.example',
		'javascript:alert(1)',
		'evil.example',
		'',
		null,
		undefined,
	]) {
		expect(safeRedirect(hostile, '/home')).toBe('/home')
	}
})
