/**
 * Serves the .br/.gz files that scripts/compress-assets.js wrote next to each
 * hashed asset, when the client accepts them; anything else falls through to
 * express.static (and the compression middleware).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'

const types: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.json': 'application/json; charset=utf-8',
	'.map': 'application/json; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.wasm': 'application/wasm',
}

export function precompressedAssets(assetsDir: string): RequestHandler {
	const root = path.resolve(assetsDir)
	// Which files have compressed siblings is fixed at build time: look each up once.
	const known = new Map<string, { br: boolean; gz: boolean }>()
	return (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const type = types[path.extname(req.path)]
		if (!type) return next()
		const file = path.join(root, path.normalize(req.path))
		if (!file.startsWith(root + path.sep)) return next()
		let variants = known.get(file)
		if (!variants) {
			variants = { br: existsSync(`${file}.br`), gz: existsSync(`${file}.gz`) }
			known.set(file, variants)
		}
		const accepted = String(req.headers['accept-encoding'] ?? '')
		const encoding = variants.br && /\bbr\b/.test(accepted) ? 'br' : variants.gz && /\bgzip\b/.test(accepted) ? 'gzip' : null
		res.setHeader('Vary', 'Accept-Encoding')
		if (!encoding) return next()
		res.setHeader('Content-Encoding', encoding)
		res.setHeader('Content-Type', type)
		res.sendFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, { immutable: true, maxAge: '1y', dotfiles: 'deny' }, (error) => {
			// Missing file: let express.static answer. A client that went away: nothing to do.
			if (error && !res.headersSent) next()
		})
	}
}
