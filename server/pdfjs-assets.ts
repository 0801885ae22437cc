/**
 * pdf.js's data directories, served by this site for the PDF viewer
 * (character maps, standard fonts, ICC profiles, wasm decoders) at
 * `/pdfjs/<installed version>/…`, straight from the installed package: the
 * viewer never reaches a CDN, and a versioned path can be cached for a year.
 * The worker itself is a hashed Vite asset (editor/engine.client.ts).
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import express, { type Router } from 'express'

const require = createRequire(import.meta.url)

export const PDFJS_DIRECTORIES = ['cmaps', 'standard_fonts', 'iccs', 'wasm'] as const

export function pdfjsAssets(): Router {
	const packageJson = require.resolve('pdfjs-dist/package.json')
	const { version } = require(packageJson) as { version: string }
	const root = path.dirname(packageJson)
	const router = express.Router()
	for (const directory of PDFJS_DIRECTORIES) {
		router.use(`/${version}/${directory}`, express.static(path.join(root, directory), { immutable: true, maxAge: '1y', index: false, redirect: false }))
	}
	return router
}
