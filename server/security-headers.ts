/**
 * Security headers for every response (SECURITY.md §2.A): an enforced CSP
 * with a per-request nonce, no framing, no sniffing, a strict referrer policy
 * and no powerful features. The nonce reaches React through Remix's load
 * context (server/index.ts → entry.server.tsx).
 */
import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'

export function createNonce(): string {
	return randomBytes(16).toString('base64')
}

export type CspOptions = {
	dev: boolean
	https: boolean
	/**
	 * Origins a form's POST may redirect to (browsers apply form-action to
	 * redirects): Google's consent page when Google sign-in is configured.
	 */
	formActionOrigins?: Array<string>
	/**
	 * 'wasm-unsafe-eval' (WebAssembly compilation; it allows no JavaScript
	 * eval): only for the responses that run WebAssembly (see allowsWasm).
	 */
	wasm?: boolean
}

/**
 * The minify tool compiles esbuild's and lightningcss's WebAssembly in its
 * own Web Worker (app/tools/minify-beautify/minify-worker.ts, built as
 * /assets/minify-worker-<hash>.js, served by Vite from its source in
 * development). A worker loaded from a same-origin URL runs under its
 * script's own CSP, so that script is what needs 'wasm-unsafe-eval'; the
 * tool's page has it too, for browsers that apply the page's policy to its
 * workers. pdf.js's worker on the PDF page is the only other place that
 * compiles WebAssembly.
 */
const WASM_PATHS = [
	/^\/tools\/minify-beautify\/?$/,
	// pdf.js's worker decodes JPEG 2000 and colour profiles with its wasm
	// decoders (served from /pdfjs/<version>/wasm/); the PDF page hosts it.
	/^\/tools\/pdf-converter\/?$/,
	/^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/,
	/^\/node_modules\/pdfjs-dist\/build\/pdf\.worker\.min\.mjs$/,
	/^\/assets\/minify-worker-[\w-]+\.js$/,
	/^\/app\/tools\/minify-beautify\/minify-worker\.ts$/,
]

export function allowsWasm(path: string): boolean {
	return WASM_PATHS.some((pattern) => pattern.test(path))
}

export function contentSecurityPolicy(nonce: string, { dev, https, formActionOrigins = [], wasm = false }: CspOptions): string {
	const directives: Record<string, Array<string>> = {
		'default-src': ["'self'"],
		// 'strict-dynamic' lets the nonced entry module load the route chunks it imports.
		'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(wasm ? ["'wasm-unsafe-eval'"] : [])],
		'script-src-attr': ["'none'"],
		// React renders style attributes (e.g. color-scheme); styles cannot run code.
		'style-src': ["'self'", "'unsafe-inline'"],
		'img-src': ["'self'", 'data:', 'blob:'],
		'font-src': ["'self'", 'data:'],
		'connect-src': dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
		'worker-src': ["'self'", 'blob:'],
		'manifest-src': ["'self'"],
		'media-src': ["'self'", 'blob:'],
		'object-src': ["'none'"],
		'base-uri': ["'none'"],
		'form-action': ["'self'", ...formActionOrigins],
		'frame-ancestors': ["'none'"],
		'frame-src': ["'self'", 'blob:'],
	}
	const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`)
	if (https) policy.push('upgrade-insecure-requests')
	return policy.join('; ')
}

/** The headers every response carries besides its CSP. */
export function fixedSecurityHeaders(https: boolean): Array<[string, string]> {
	return [
		['X-Content-Type-Options', 'nosniff'],
		['X-Frame-Options', 'DENY'],
		['Referrer-Policy', 'strict-origin-when-cross-origin'],
		['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()'],
		['Cross-Origin-Opener-Policy', 'same-origin'],
		['Cross-Origin-Resource-Policy', 'same-origin'],
		...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
	]
}

export function securityHeaders(options: Omit<CspOptions, 'wasm'>): RequestHandler {
	const fixed = fixedSecurityHeaders(options.https)
	return (req, res, next) => {
		const nonce = createNonce()
		res.locals.cspNonce = nonce
		res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, { ...options, wasm: allowsWasm(req.path) }))
		for (const [name, value] of fixed) res.setHeader(name, value)
		next()
	}
}
