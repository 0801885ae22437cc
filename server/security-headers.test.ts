import { expect, test } from 'vitest'
import { allowsWasm, contentSecurityPolicy, createNonce } from './security-headers.ts'

test('nonces are random and long enough', () => {
	const nonces = new Set(Array.from({ length: 100 }, createNonce))
	expect(nonces.size).toBe(100)
	for (const nonce of nonces) expect(Buffer.from(nonce, 'base64').length).toBe(16)
})

test('the production CSP locks scripts to the nonce and forbids framing and plugins', () => {
	const csp = contentSecurityPolicy('abc', { dev: false, https: true })
	expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';")
	expect(csp).not.toContain('wasm-unsafe-eval')
	expect(csp).not.toMatch(/'unsafe-eval'/)
	expect(csp).toContain("object-src 'none'")
	expect(csp).toContain("base-uri 'none'")
	expect(csp).toContain("frame-ancestors 'none'")
	expect(csp).toContain('upgrade-insecure-requests')
	expect(csp).not.toContain("'unsafe-eval'")
	expect(csp).not.toContain('ws:')
})

test('plain-HTTP development allows the HMR socket and does not upgrade requests', () => {
	const csp = contentSecurityPolicy('abc', { dev: true, https: false })
	expect(csp).toContain("connect-src 'self' ws: wss:")
	expect(csp).not.toContain('upgrade-insecure-requests')
})

test("form-action admits only the origins given (Google's consent page when Google sign-in is on)", () => {
	expect(contentSecurityPolicy('abc', { dev: false, https: true })).toContain("form-action 'self';")
	expect(contentSecurityPolicy('abc', { dev: false, https: true, formActionOrigins: ['https://accounts.google.com'] })).toContain(
		"form-action 'self' https://accounts.google.com;",
	)
})

test("'wasm-unsafe-eval' is added only when asked, and still allows no JavaScript eval", () => {
	const csp = contentSecurityPolicy('abc', { dev: false, https: true, wasm: true })
	expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic' 'wasm-unsafe-eval';")
	expect(csp).not.toContain("'unsafe-eval'")
})

test("only the minify tool page, the PDF page and their workers' scripts may compile WebAssembly", () => {
	for (const path of [
		'/tools/minify-beautify',
		'/assets/minify-worker-BktheMno.js',
		'/app/tools/minify-beautify/minify-worker.ts',
		'/tools/pdf-converter',
		'/assets/pdf.worker.min-FHbmGBN0.mjs',
		'/node_modules/pdfjs-dist/build/pdf.worker.min.mjs',
	]) {
		expect(allowsWasm(path), path).toBe(true)
	}
	for (const path of [
		'/',
		'/tools',
		'/tools/json-formatter',
		'/tools/minify-beautify.data',
		'/tools/minify-beautify/extra',
		'/api/tools/minify-beautify',
		'/assets/browser-worker-BktheMno.js',
		'/assets/tree-worker-BTPM95ZQ.js',
		'/assets/minify-worker-abc.js.map',
		'/assets/core.browser-abc.js',
		'/blog/tools/minify-beautify',
		'/assets/pdf-Vuf_RiOE.js',
		'/pdfjs/5.6.205/wasm/openjpeg.wasm',
		'/tools/pdf-converter/extra',
	]) {
		expect(allowsWasm(path), path).toBe(false)
	}
})
