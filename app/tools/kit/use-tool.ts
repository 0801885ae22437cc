/**
 * The browser half of every text tool page: one hook that holds the input
 * and options, runs the core as the user types (debounced; big inputs in the
 * Web Worker), remembers options in localStorage, restores a shared link's
 * input from the URL fragment, and falls back to the server's result (the
 * form posted without JavaScript) until the page is hydrated.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useHydrated } from '#app/utils/misc.ts'
import { type ErrorBody } from '#app/utils/errors.ts'
import { isAbort, runInBrowser } from './browser-runner.client.ts'
import { type ToolResult } from './core.ts'
import { type ToolActionData, type ToolLoaderData } from './content.ts'

/** Inputs up to this many characters run on every keystroke; longer ones after a pause. */
const INSTANT_LIMIT = 100_000
/** Links longer than this are refused: browsers and chat apps cut long URLs. */
export const MAX_SHARE_LINK = 64 * 1024

export type ToolOptions = Record<string, unknown>

/** `useTool`'s `setOption`, for the parts of a page that change options. */
export type SetOption<O extends ToolOptions> = <K extends keyof O>(key: K, value: O[K]) => void

export function optionsStorageKey(slug: string): string {
	return `tool:${slug}:options`
}

function readStoredOptions<O extends ToolOptions>(slug: string, defaults: O): Partial<O> {
	try {
		const stored = JSON.parse(localStorage.getItem(optionsStorageKey(slug)) ?? 'null') as unknown
		if (!stored || typeof stored !== 'object') return {}
		// Only known keys with the default's type survive (stored data can be stale or edited).
		return Object.fromEntries(
			Object.entries(stored).filter(([key, value]) => key in defaults && typeof value === typeof defaults[key]),
		) as Partial<O>
	} catch {
		return {}
	}
}

/** `#input=…&options=…`: the fragment never reaches the server. */
export function shareFragment(input: string, options: ToolOptions): string {
	const params = new URLSearchParams({ input, options: JSON.stringify(options) })
	return `#${params.toString()}`
}

function readShareFragment(): { input: string; options: ToolOptions } | null {
	if (typeof location === 'undefined' || !location.hash.startsWith('#input=')) return null
	try {
		const params = new URLSearchParams(location.hash.slice(1))
		const options = JSON.parse(params.get('options') ?? '{}') as unknown
		return { input: params.get('input') ?? '', options: options && typeof options === 'object' ? (options as ToolOptions) : {} }
	} catch {
		return null
	}
}

export type UseToolArgs<O extends ToolOptions> = {
	slug: string
	defaults: O
	actionData: ToolActionData | undefined
	loaderData: ToolLoaderData | undefined
	/** Skip live runs (a tool can wait for a button, e.g. a very slow option). */
	live?: boolean
}

export function useTool<O extends ToolOptions, R extends ToolResult = ToolResult>({ slug, defaults, actionData, loaderData, live = true }: UseToolArgs<O>) {
	const hydrated = useHydrated()
	const inputRef = useRef<HTMLTextAreaElement>(null)
	const formRef = useRef<HTMLFormElement>(null)
	const seed = actionData ?? loaderData?.example ?? null
	const [input, setInputState] = useState(seed?.input ?? '')
	const [options, setOptions] = useState<O>({ ...defaults, ...(seed?.options as Partial<O> | undefined) })
	const [settledInput, setSettledInput] = useState(input)
	const [result, setResult] = useState<R | null>((actionData?.result as R | null) ?? null)
	const [error, setError] = useState<ErrorBody | null>(actionData?.error ?? null)
	const [running, setRunning] = useState(false)
	const [progress, setProgress] = useState<number | null>(null)
	const [ran, setRan] = useState(0)

	// On hydration: keep what was typed before JavaScript arrived; else a
	// shared link's input; else the options remembered from an earlier visit.
	const seeded = useRef(seed !== null)
	useEffect(() => {
		const shared = readShareFragment()
		if (shared) {
			setInputState(shared.input)
			setSettledInput(shared.input)
			setOptions((current) => ({ ...current, ...pickKnown(shared.options, defaults) }))
			return
		}
		const typed = inputRef.current?.value
		if (typed !== undefined && typed !== input) {
			setInputState(typed)
			setSettledInput(typed)
		}
		if (!seeded.current) setOptions((current) => ({ ...current, ...readStoredOptions(slug, defaults) }))
		// Once, on hydration.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])

	useEffect(() => {
		if (input.length <= INSTANT_LIMIT) {
			setSettledInput(input)
			return
		}
		const timer = setTimeout(() => setSettledInput(input), 400)
		return () => clearTimeout(timer)
	}, [input])

	useEffect(() => {
		if (!hydrated || !live) return
		if (settledInput === '') {
			setResult(null)
			setError(null)
			setRunning(false)
			return
		}
		let current = true
		setRunning(true)
		setProgress(null)
		runInBrowser(slug, settledInput, options, { onProgress: (fraction) => current && setProgress(fraction) })
			.then((next) => {
				if (!current) return
				setResult(next as R)
				setError(null)
			})
			.catch((caught: unknown) => {
				if (!current || isAbort(caught)) return
				setResult(null)
				setError(toErrorBody(caught))
			})
			.finally(() => {
				if (current) {
					setRunning(false)
					setProgress(null)
				}
			})
		return () => {
			current = false
		}
	}, [hydrated, live, slug, settledInput, options, ran])

	const setInput = useCallback((text: string) => {
		if (inputRef.current && inputRef.current.value !== text) inputRef.current.value = text
		setInputState(text)
		if (text.length <= INSTANT_LIMIT) setSettledInput(text)
	}, [])

	const setOption = useCallback(
		<K extends keyof O>(key: K, value: O[K]) => {
			setOptions((current) => {
				const next = { ...current, [key]: value }
				try {
					localStorage.setItem(optionsStorageKey(slug), JSON.stringify(next))
				} catch {
					// Storage full or blocked: the choice lasts for this visit.
				}
				return next
			})
		},
		[slug],
	)

	/** Ctrl/Cmd+Enter and the Run button: run now, whatever the debounce. */
	const runNow = useCallback(() => {
		const text = inputRef.current?.value ?? input
		setInputState(text)
		setSettledInput(text)
		setRan((count) => count + 1)
	}, [input])

	const formProps = {
		ref: formRef,
		method: 'post' as const,
		onSubmit(event: FormEvent<HTMLFormElement>) {
			// With JavaScript the tool runs here; nothing is posted.
			if (!hydrated) return
			event.preventDefault()
			runNow()
		},
		onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
			if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
				event.preventDefault()
				runNow()
			}
		},
	}

	return {
		hydrated,
		input,
		setInput,
		options,
		setOption,
		result: hydrated ? result : ((actionData?.result as R | null) ?? null),
		error: hydrated ? error : (actionData?.error ?? null),
		/** True while a run is under way (and the shown result is for older input). */
		running: running || (hydrated && settledInput !== input),
		progress,
		runNow,
		inputRef,
		formProps,
		shareLink: () => `${location.origin}${location.pathname}${shareFragment(input, options)}`,
	}
}

function pickKnown<O extends ToolOptions>(options: ToolOptions, defaults: O): Partial<O> {
	return Object.fromEntries(Object.entries(options).filter(([key, value]) => key in defaults && typeof value === typeof defaults[key])) as Partial<O>
}

function toErrorBody(error: unknown): ErrorBody {
	if (error && typeof error === 'object' && 'message' in error && 'status' in error && 'code' in error) {
		const { message, status, code, details } = error as ErrorBody
		return { message, status, code, details }
	}
	return { message: 'Something went wrong while running the tool. Please try again.', status: 500, code: 'INTERNAL_ERROR' }
}
