/**
 * The browser's shared tool worker (a module Web Worker, bundled by Vite):
 * runs the portable tool cores (`runs: 'anywhere'`) off the page's main
 * thread, for large inputs, so typing never freezes. A tool whose engines
 * differ by side has a worker of its own (`minify-beautify/minify-worker.ts`:
 * only that one may compile WebAssembly).
 *
 * The cores are found by the folder convention (`<slug>/core.ts` exports
 * `core`) rather than through the registry: the registry names the tools'
 * own workers, which would then be bundled into this one.
 */
import { type ToolCore } from './core.ts'
import { serveToolCores } from './worker-host.ts'

const cores = import.meta.glob<ToolCore>(['../*/core.ts', '!../kit/**', '!../shared/**'], { import: 'core' })

serveToolCores(Object.fromEntries(Object.entries(cores).map(([path, load]) => [path.split('/')[1]!, load])))
