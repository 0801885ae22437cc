/**
 * What a tool is (its folder's `tool.ts`): the registry line's data. Read by
 * the menu on every page, by the server's worker threads, and by
 * app/routes.ts in Node at build time, so it holds no UI and imports types
 * only (`import type` is erased entirely).
 */
import type { IconName } from '#app/components/icon.tsx'
import type { ToolCore } from './core.ts'

export type ToolGroupId = 'documents' | 'dev' | 'text' | 'seo'

/**
 * Where a tool's core runs.
 * - `anywhere`: one portable core (`core`): on the page's main thread for
 *   small inputs, in the shared browser worker (kit/browser-worker.ts) for
 *   large ones, and in the server's worker pool (forms without JavaScript,
 *   the API).
 * - `own-worker`: the engines differ by side. The browser runs the tool in
 *   its own worker only (`startWorker`); the server's pool loads the
 *   folder's `core.node.ts`.
 * - `page`: no text core yet (a page still to be written, or one whose work
 *   is all in the browser); nothing runs on the server and there is no API.
 */
export type ToolRuns = 'anywhere' | 'own-worker' | 'page'

export type ToolDefinition = {
	/** The folder's name and the page's path: /tools/<slug>. */
	slug: string
	name: string
	/** One line, written for people (also the meta description). */
	description: string
	group: ToolGroupId
	icon: IconName
	keywords: ReadonlyArray<string>
	/** True once the folder has its page.tsx; links are only built from live tools. */
	live: boolean
	runs: ToolRuns
	/** The pure core, loaded on demand (`runs: 'anywhere'`). */
	core?: () => Promise<ToolCore>
	/** The tool's own browser worker (`runs: 'own-worker'`). A literal `new Worker(new URL(…))`, which Vite bundles. */
	startWorker?: () => Worker
	/**
	 * Old paths that answer 301 to this tool's page (SPEC.md §2); one given with a `search` leads to
	 * that view of the page (`/tools/pdf-editor` → `/tools/pdf-converter?mode=edit`).
	 */
	redirects?: ReadonlyArray<`/tools/${string}` | { from: `/tools/${string}`; search: `?${string}` }>
	/** More menu entries leading to this tool, listed after the group pages (SPEC.md §2). */
	extraNavItems?: ReadonlyArray<{ name: string; href: string }>
}

export function defineTool(tool: ToolDefinition): ToolDefinition {
	return tool
}
