import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: 'minify-beautify',
	name: 'Minify & Beautify Code',
	description: 'Minify or pretty-print JavaScript, TypeScript, CSS, HTML, JSON, XML and SQL.',
	group: 'dev',
	icon: 'code',
	keywords: ['minify', 'beautify', 'prettier', 'javascript', 'css', 'html'],
	live: true,
	// Native engines on the server (core.node.ts); WebAssembly ones in the browser (core.browser.ts),
	// in this worker only: the one script the server lets compile WebAssembly (server/security-headers.ts
	// matches its name), so it keeps its file name.
	runs: 'own-worker',
	startWorker: () => new Worker(new URL('./minify-worker.ts', import.meta.url), { type: 'module', name: 'minify-worker' }),
})
