/**
 * The minifier page's state beyond `useTool`: options checked by the schema
 * (remembered ones that are no longer valid fall back to the defaults), the
 * language the input is in, whether a run is downloading its engine, and the
 * idle-time warm-up of the minify engines.
 */
import { useActionData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { type ToolActionData } from '#app/tools/kit/content.ts'
import { browserWorkerGeneration, warmUpInBrowser } from '#app/tools/kit/browser-runner.client.ts'
import { type ToolState } from '#app/tools/kit/tool-panes.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { content } from '../content.ts'
import { detectLanguage, languageIds, minifyOptionsSchema, type Action, type Language, type MinifyOptions, type MinifyResult } from '../core.ts'
import { engineFor } from '../view.ts'

export function isLanguage(value: unknown): value is Language {
	return (languageIds as ReadonlyArray<unknown>).includes(value)
}

/** The options if the schema accepts them, else the defaults (and the invalid ones are reset). */
export function useValidOptions(options: MinifyOptions, defaults: MinifyOptions, setOption: SetOption<MinifyOptions>): MinifyOptions {
	const parsed = minifyOptionsSchema.safeParse(options)
	// Options remembered from an older visit may no longer be valid: fall back to the defaults.
	useEffect(() => {
		if (parsed.success) return
		for (const key of Object.keys(defaults) as Array<keyof MinifyOptions>) {
			if (!minifyOptionsSchema.shape[key].safeParse(options[key]).success) setOption(key, defaults[key])
		}
	}, [parsed.success, options, defaults, setOption])
	return parsed.success ? parsed.data : defaults
}

/** The language of an error from the code (the core reports which language it read). */
export function errorLanguageOf(tool: ToolState): unknown {
	return (tool.error?.details as { language?: unknown } | undefined)?.language
}

/**
 * The language chosen, or when "Detect automatically", the one detected: the
 * same detection the core runs (the first 4 KB only), so the label follows
 * the typing; before hydration, the one the server's run found.
 */
export function languageOf(tool: ToolState, options: MinifyOptions, result: MinifyResult | null): { detected: Language | null; language: Language | null } {
	const errorLanguage = errorLanguageOf(tool)
	const detected: Language | null =
		options.language !== 'auto'
			? null
			: tool.hydrated && tool.input.trim() !== ''
				? detectLanguage(tool.input)
				: (result?.language ?? (isLanguage(errorLanguage) ? errorLanguage : null))
	return { detected, language: options.language === 'auto' ? detected : options.language }
}

/**
 * Engines already downloaded by this page's worker, so only a first run says
 * "Loading…": the engine's id, and the generation of the worker that loaded
 * it. A worker stopped (a superseded large job, a cancel, a crash) takes its
 * engines with it, and the next one loads them again. Browser only: read it
 * once hydrated.
 */
const loadedEngines = new Map<string, number>()

function isLoaded(id: string): boolean {
	return loadedEngines.get(id) === browserWorkerGeneration(content.slug)
}

function markLoadedNow(id: string, generation = browserWorkerGeneration(content.slug)) {
	loadedEngines.set(id, generation)
}
/** Engines the worker is warming now (useEngineWarmUp). */
const warming = new Set<string>()

/**
 * "Loading the CSS minifier…" while the first run of an engine downloads it
 * (instead of "Working…"), else null. A new result (or an error from the
 * code) means the engine of its run is there.
 */
export function useEngineLoading(tool: ToolState, action: Action, language: Language | null, result: MinifyResult | null): string | null {
	const actionData = useActionData() as ToolActionData | undefined
	const errorLanguage = errorLanguageOf(tool)
	const engine = language ? engineFor(action, language) : null
	const [, markLoaded] = useState(0)
	const seen = useRef<unknown>(actionData?.result ?? actionData?.error ?? null)
	useEffect(() => {
		const outcome = result ?? tool.error
		if (!tool.hydrated || !outcome || seen.current === outcome) return
		seen.current = outcome
		const ran = result?.language ?? (isLanguage(errorLanguage) ? errorLanguage : null)
		// Errors without a language (empty input, too large) and failed downloads load nothing.
		if (!ran || tool.error?.code === 'INTERNAL_ERROR') return
		const { id } = engineFor(action, ran)
		if (isLoaded(id)) return
		markLoadedNow(id)
		markLoaded((count) => count + 1)
	}, [tool.hydrated, result, tool.error, errorLanguage, action])
	return tool.hydrated && tool.running && engine && !isLoaded(engine.id) ? `Loading ${engine.label}…` : null
}

/** How long the chosen action and language must stay the same before their engine is warmed ("Minify", then "CSS", warms CSS only). */
const WARM_UP_DELAY = 400
/** The longest an idle callback may wait for the main thread to go quiet. */
const IDLE_TIMEOUT = 2000

/** Data Saver (Chrome's "Lite mode", the `Save-Data` hint): the user asked us not to download what they have not asked for. */
function savesData(): boolean {
	return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true
}

/** `requestIdleCallback`, or a timer where there is none (Safari); returns the cancel. */
function whenIdle(callback: () => void): () => void {
	if (typeof requestIdleCallback === 'function') {
		const handle = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT })
		return () => cancelIdleCallback(handle)
	}
	const timer = setTimeout(callback, 0)
	return () => clearTimeout(timer)
}

/**
 * Warms the minify engine on intent: once Minify is the chosen action (picked,
 * remembered from a visit, or from a shared link) and the action and language
 * have stayed the same for WARM_UP_DELAY, the tool's worker downloads and
 * compiles the engine of that language in idle time (esbuild's WebAssembly
 * for JavaScript and TypeScript, lightningcss's for CSS, html-minifier for
 * HTML; with "Detect automatically", the language of the code, or JavaScript
 * before there is any) and minifies a sample of ours with it (core.browser.ts
 * `warmMinifier`), so a first small minify does not wait seconds for it.
 * Nothing leaves the device: only the engine is fetched. Beautify warms
 * nothing (the page opens in Beautify and loads nothing heavy), and nothing is
 * warmed when the browser asks to save data (`navigator.connection.saveData`):
 * the engine then loads with the first run, as before.
 *
 * The warm-up is not a run (kit/browser-runner.client.ts `warmUpInBrowser`):
 * a run that comes meanwhile awaits the same load in the worker and says
 * "Loading the … minifier…" until it is there; once warm, runs never do.
 * Returns the ids of the engines loaded (`data-engines-ready` on the form).
 */
export function useEngineWarmUp(tool: ToolState, action: Action, language: Language | null): string {
	const [, markWarm] = useState(0)
	const warm = tool.hydrated && action === 'minify' ? (language ?? 'javascript') : null
	useEffect(() => {
		if (!warm) return
		const { id } = engineFor('minify', warm)
		if (isLoaded(id) || warming.has(id) || savesData()) return
		let cancelIdle = () => {}
		const timer = setTimeout(() => {
			cancelIdle = whenIdle(() => {
				warming.add(id)
				const warmed = warmUpInBrowser(content.slug, warm)
				// The worker the engine loads in (started by the call if there was none).
				const generation = browserWorkerGeneration(content.slug)
				warmed.then(
					() => {
						markLoadedNow(id, generation)
						markWarm((count) => count + 1)
					},
					// Failed (offline, the worker stopped): the first run loads it, and says what went wrong.
					() => {},
				).finally(() => warming.delete(id))
			})
		}, WARM_UP_DELAY)
		return () => {
			clearTimeout(timer)
			cancelIdle()
		}
	}, [warm])
	return tool.hydrated ? [...loadedEngines.keys()].filter(isLoaded).sort().join(' ') : ''
}
