/**
 * Where each text tool's core lives, loaded on demand so a worker (browser or
 * server) only loads the tools it is asked to run, and the browser fetches a
 * tool's code (and its heavy libraries) only on that tool's page.
 *
 * The minify tool drives native engines on the server and WebAssembly ones in
 * the browser, so each worker entry adds its own loader for it
 * (`minify-beautify/core.node.ts`, `minify-beautify/core.browser.ts`); the
 * logic is shared (`minify-beautify/minify-beautify.ts`).
 */
import { type ToolCore } from './kit/core.ts'

export type CoreLoader = () => Promise<ToolCore>

export const portableCoreLoaders = {
	'json-formatter': () => import('./json-formatter/core.ts').then((module) => module.core as ToolCore),
	'base64-encoder': () => import('./base64-encoder/core.ts').then((module) => module.core as ToolCore),
	'url-encoder': () => import('./url-encoder/core.ts').then((module) => module.core as ToolCore),
	'text-case-converter': () => import('./text-case-converter/core.ts').then((module) => module.core as ToolCore),
} satisfies Record<string, CoreLoader>

export type PortableToolSlug = keyof typeof portableCoreLoaders
export type ToolSlugWithCore = PortableToolSlug | 'minify-beautify'
