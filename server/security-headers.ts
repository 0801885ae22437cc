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
}

export function contentSecurityPolicy(nonce: string, { dev, https, formActionOrigins = [] }: CspOptions): string {
	const directives: Record<string, Array<string>> = {
		'default-src': ["'self'"],
		// 'strict-dynamic' lets the nonced entry module load the route chunks it imports.
		// 'wasm-unsafe-eval' lets the minify tool's worker compile esbuild's and
		// lightningcss's WebAssembly; it allows no JavaScript eval.
		'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", "'wasm-unsafe-eval'"],
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

export function securityHeaders(options: CspOptions): RequestHandler {
	const { https } = options
	return (_req, res, next) => {
		const nonce = createNonce()
		res.locals.cspNonce = nonce
		res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, options))
		res.setHeader('X-Content-Type-Options', 'nosniff')
		res.setHeader('X-Frame-Options', 'DENY')
		res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
		res.setHeader(
			'Permissions-Policy',
			'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()',
		)
		res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
		res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
		if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		next()
	}
}
