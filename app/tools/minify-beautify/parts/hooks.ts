/**
 * The minifier page's state beyond `useTool`: options checked by the schema
 * (remembered ones that are no longer valid fall back to the defaults), the
 * language the input is in, and whether a run is downloading its engine.
 */
import { useActionData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { type ToolActionData } from '#app/tools/kit/content.ts'
import { type ToolState } from '#app/tools/kit/tool-panes.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
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

/** Engines already downloaded by this page's worker, so only a first run says "Loading…". */
const loadedEngines = new Set<string>()

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
		if (loadedEngines.has(id)) return
		loadedEngines.add(id)
		markLoaded((count) => count + 1)
	}, [tool.hydrated, result, tool.error, errorLanguage, action])
	return tool.hydrated && tool.running && engine && !loadedEngines.has(engine.id) ? `Loading ${engine.label}…` : null
}
