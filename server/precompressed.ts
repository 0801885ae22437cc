/**
 * Serves the .br/.gz files that scripts/compress-assets.js wrote next to each
 * hashed asset, when the client accepts them; anything else falls through to
 * express.static (and the compression middleware).
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs'
import { type IncomingMessage, type ServerResponse } from 'node:http'
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

/** The Content-Type of a built asset by its extension (both paths answer with the same one), or undefined. */
export function assetContentType(file: string): string | undefined {
	return types[path.extname(file)]
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

type AssetFile = { file: string; size: number; etag: string; lastModified: string }
type Asset = { type: string; identity: AssetFile; br?: AssetFile; gzip?: AssetFile }

function describeFile(file: string): AssetFile | undefined {
	try {
		const stat = statSync(file)
		if (!stat.isFile()) return undefined
		// The validators express.static (send) gives the same file.
		return { file, size: stat.size, etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`, lastModified: stat.mtime.toUTCString() }
	} catch {
		return undefined
	}
}

/**
 * The hashed assets answered straight from Node's request event, before the
 * Express chain (issue 17: assets at ≥ 0.8× a bare static server; the chain
 * was most of the cost). The build's files are listed once at start: they
 * never change while the server runs, and a name not in the list goes
 * through Express as before. Only a plain GET or HEAD is answered here;
 * a conditional or ranged request goes through Express, whose
 * express.static answers it. The headers are the Express path's: the
 * security headers with a fresh nonce, the same validators, and the
 * precompressed variant the client accepts. Answers the length sent, or null
 * when the request is not one for it.
 */
export function hashedAssetsFastPath(
	assetsDir: string,
): (req: IncomingMessage, res: ServerResponse, headersFor: (urlPath: string) => Array<[string, string]>) => number | null {
	const root = path.resolve(assetsDir)
	const assets = new Map<string, Asset>()
	let names: Array<string> = []
	try {
		names = readdirSync(root)
	} catch {
		// No build (tests with a bare app): nothing to answer here.
	}
	for (const name of names) {
		const type = types[path.extname(name)]
		const identity = type ? describeFile(path.join(root, name)) : undefined
		if (!type || !identity) continue
		assets.set(`/assets/${name}`, { type, identity, br: describeFile(`${identity.file}.br`), gzip: describeFile(`${identity.file}.gz`) })
	}
	return (req, res, headersFor) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range || req.headers['if-none-match'] || req.headers['if-modified-since']) return null
		const url = req.url ?? ''
		const query = url.indexOf('?')
		const urlPath = query === -1 ? url : url.slice(0, query)
		const asset = assets.get(urlPath)
		if (!asset) return null
		const accepted = String(req.headers['accept-encoding'] ?? '')
		const encoding = asset.br && /\bbr\b/.test(accepted) ? 'br' : asset.gzip && /\bgzip\b/.test(accepted) ? 'gzip' : null
		const file = (encoding && asset[encoding]) || asset.identity
		const headers: Array<string> = []
		for (const [name, value] of headersFor(urlPath)) headers.push(name, value)
		headers.push(
			'Vary', 'Accept-Encoding',
			...(encoding ? ['Content-Encoding', encoding] : []),
			'Content-Type', asset.type,
			'Accept-Ranges', 'bytes',
			'Cache-Control', 'public, max-age=31536000, immutable',
			'Last-Modified', file.lastModified,
			'ETag', file.etag,
			'Content-Length', String(file.size),
		)
		res.writeHead(200, headers)
		if (req.method === 'HEAD') {
			res.end()
			return file.size
		}
		const stream = createReadStream(file.file)
		stream.on('error', () => res.destroy())
		res.on('close', () => stream.destroy())
		stream.pipe(res)
		return file.size
	}
}
