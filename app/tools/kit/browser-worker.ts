/**
 * The browser's tool worker (a module Web Worker, bundled by Vite): runs the
 * portable tool cores off the page's main thread, for large inputs, so
 * typing never freezes. The minify tool has a worker of its own
 * (`minify-beautify/minify-worker.ts`): only that one may compile
 * WebAssembly (its script alone is served with 'wasm-unsafe-eval').
 */
import { portableCoreLoaders } from '#app/tools/cores.ts'
import { serveToolCores } from './worker-host.ts'

serveToolCores(portableCoreLoaders)
