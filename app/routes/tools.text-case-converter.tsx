import { data, type ActionFunctionArgs } from '@remix-run/node'
import { Form, useActionData, type MetaFunction } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { ToolCard } from '#app/components/tool-card.tsx'
import { getTool, liveTools, type Tool } from '#app/tools/registry.ts'
import {
	caseModes,
	convertCase,
	getCaseMode,
	isCaseMode,
	isTooLarge,
	MAX_INPUT_CHARACTERS,
	textStats,
	type CaseMode,
	type TextStats,
} from '#app/tools/text-case-converter/text-case.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { cn, useHydrated } from '#app/utils/misc.ts'
import { pageSeo } from '#app/utils/seo.ts'

const SLUG = 'text-case-converter'
const MODE_STORAGE_KEY = 'tool:text-case-converter:mode'
const DEFAULT_MODE: CaseMode = 'title'
const TOO_LARGE_MESSAGE = `Input is too large (limit ${MAX_INPUT_CHARACTERS.toLocaleString('en-US')} characters)`
/** Longer inputs convert a moment after typing stops instead of on every key. */
const INSTANT_LIMIT = 100_000
/**
 * The largest request body that can hold a valid input: every character four
 * UTF-8 bytes, each percent-encoded (×3), plus room for the other fields.
 */
const MAX_BODY_BYTES = MAX_INPUT_CHARACTERS * 12 + 64 * 1024

const EXAMPLE_TEXT = [
	'how to write a great README for your open-source project',
	'the quick brown fox jumps over the lazy dog. i think it was tired!',
	'parseHTTPResponse, user_id and background-color',
].join('\n')

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, {
		title: 'Text Case Converter',
		description: getTool(SLUG)?.description ?? 'Change text to UPPER, lower, Title, Sentence, camelCase, snake_case, kebab-case and more.',
		path: `/tools/${SLUG}`,
	})

type ActionFailure = {
	ok: false
	field: 'input' | 'mode'
	code: 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE'
	message: string
	input: string
	mode: CaseMode
}

/** Without JavaScript the form posts here; the same pure function converts. Nothing is stored. */
export async function action({ request }: ActionFunctionArgs) {
	let form: FormData
	try {
		form = await readFormData(request, MAX_BODY_BYTES)
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		const tooLarge = error.code === 'PAYLOAD_TOO_LARGE'
		const message = tooLarge ? TOO_LARGE_MESSAGE : error.message
		return data(failure('input', tooLarge ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR', message, '', DEFAULT_MODE), { status: error.status })
	}
	const input = form.get('input')
	const mode = form.get('mode')
	const safeMode = isCaseMode(mode) ? mode : DEFAULT_MODE
	if (typeof input !== 'string') {
		return data(failure('input', 'VALIDATION_ERROR', 'Validation failed: enter some text to convert.', '', safeMode), { status: 400 })
	}
	if (isTooLarge(input)) {
		return data(failure('input', 'PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE, input, safeMode), { status: 413 })
	}
	if (!isCaseMode(mode)) {
		return data(failure('mode', 'VALIDATION_ERROR', 'Validation failed: choose one of the cases listed.', input, safeMode), { status: 400 })
	}
	return data({ ok: true as const, input, mode, output: convertCase(input, mode) })
}

function failure(field: ActionFailure['field'], code: ActionFailure['code'], message: string, input: string, mode: CaseMode): ActionFailure {
	return { ok: false, field, code, message, input, mode }
}

export default function TextCaseConverter() {
	const actionData = useActionData<typeof action>()
	const hydrated = useHydrated()
	const { toast } = useToast()
	const formRef = useRef<HTMLFormElement>(null)
	const inputRef = useRef<HTMLTextAreaElement>(null)

	const serverInput = actionData?.input ?? ''
	const serverMode: CaseMode = actionData && isCaseMode(actionData.mode) ? actionData.mode : DEFAULT_MODE
	const serverOutput = actionData?.ok ? actionData.output : ''
	const serverError = actionData && !actionData.ok ? actionData : null

	const [input, setInput] = useState(serverInput)
	const [mode, setMode] = useState<CaseMode>(serverMode)
	// Long inputs are converted from this copy, which follows `input` after a pause.
	const [settledInput, setSettledInput] = useState(serverInput)
	const [status, setStatus] = useState(actionData?.ok ? `Converted to ${getCaseMode(serverMode).name}` : '')

	// On hydration, keep whatever was typed or picked before JavaScript
	// arrived; otherwise restore the mode chosen on an earlier visit.
	const initial = useRef({ serverMode, posted: Boolean(actionData) })
	useEffect(() => {
		const typed = inputRef.current?.value ?? ''
		setInput(typed)
		setSettledInput(typed)
		const picked = formRef.current?.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value
		if (isCaseMode(picked) && picked !== initial.current.serverMode) {
			setMode(picked)
		} else if (!initial.current.posted) {
			const stored = readStoredMode()
			if (stored) setMode(stored)
		}
	}, [])

	useEffect(() => {
		if (input.length <= INSTANT_LIMIT) return
		const timer = setTimeout(() => setSettledInput(input), 300)
		return () => clearTimeout(timer)
	}, [input])

	const source = input.length <= INSTANT_LIMIT ? input : settledInput
	const updating = hydrated && source !== input
	const tooLarge = useMemo(() => hydrated && isTooLarge(source), [hydrated, source])
	const liveOutput = useMemo(
		() => (hydrated && !tooLarge ? convertCase(source, mode) : ''),
		[hydrated, tooLarge, source, mode],
	)
	const output = hydrated ? liveOutput : serverOutput
	const inputStats = useMemo(() => textStats(source), [source])
	const outputStats = useMemo(() => textStats(output), [output])

	const inputError = hydrated ? (tooLarge ? TOO_LARGE_MESSAGE : null) : serverError?.field === 'input' ? serverError.message : null
	const modeError = !hydrated && serverError?.field === 'mode' ? serverError.message : null
	const modeInfo = getCaseMode(mode)

	function chooseMode(next: CaseMode) {
		setMode(next)
		setStatus(`Converted to ${getCaseMode(next).name}`)
		try {
			localStorage.setItem(MODE_STORAGE_KEY, next)
		} catch {
			// Storage can be full or blocked; the choice then lasts for this visit.
		}
	}

	function setText(text: string) {
		if (inputRef.current) inputRef.current.value = text
		setInput(text)
		setSettledInput(text)
	}

	function convertNow() {
		const text = inputRef.current?.value ?? input
		setInput(text)
		setSettledInput(text)
		setStatus(isTooLarge(text) ? TOO_LARGE_MESSAGE : `Converted to ${modeInfo.name}`)
	}

	function handleSubmit(event: FormEvent<HTMLFormElement>) {
		// With JavaScript the conversion happens here; nothing is posted.
		if (!hydrated) return
		event.preventDefault()
		convertNow()
	}

	function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
		if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
			event.preventDefault()
			convertNow()
		}
	}

	async function copyOutput() {
		try {
			await navigator.clipboard.writeText(output)
			toast({ message: 'Copied', type: 'success' })
		} catch {
			toast({ message: 'Could not copy: your browser blocked the clipboard. Select the result and copy it by hand.', type: 'error' })
		}
	}

	function downloadOutput() {
		const url = URL.createObjectURL(new Blob([output], { type: 'text/plain;charset=utf-8' }))
		const link = document.createElement('a')
		link.href = url
		link.download = `text-${mode}-case.txt`
		document.body.append(link)
		link.click()
		link.remove()
		setTimeout(() => URL.revokeObjectURL(url), 10_000)
	}

	function clearInput() {
		setText('')
		setStatus('Text cleared')
		inputRef.current?.focus()
	}

	function loadExample() {
		setText(EXAMPLE_TEXT)
		setStatus(`Example loaded and converted to ${modeInfo.name}`)
	}

	const tool = getTool(SLUG)
	const relatedTools = relatedToolsFor(tool)

	return (
		<div className="page-container">
			<h1 className="text-3xl font-bold tracking-tight">Text Case Converter</h1>
			<p className="mt-3 max-w-2xl text-muted">
				{tool?.description} Paste or type your text, pick a case, and copy the result.
			</p>

			<Form
				ref={formRef}
				method="post"
				className="card mt-8 p-4 sm:p-6"
				onSubmit={handleSubmit}
				onKeyDown={handleKeyDown}
				aria-label="Text case converter"
			>
				<fieldset data-testid="tool-mode" aria-describedby={modeError ? 'tool-mode-error' : 'tool-mode-example'}>
					<legend className="font-semibold">Convert to</legend>
					<div className="mt-3 flex flex-wrap gap-2">
						{caseModes.map((info) => (
							<label key={info.id} className="relative cursor-pointer">
								<input
									type="radio"
									name="mode"
									value={info.id}
									checked={mode === info.id}
									onChange={() => chooseMode(info.id)}
									className="peer sr-only"
								/>
								<span
									className={cn(
										'inline-flex items-center rounded-full border border-border bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-2',
										'peer-checked:border-accent peer-checked:bg-accent-soft peer-checked:text-fg peer-checked:ring-1 peer-checked:ring-accent',
										'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[color:var(--focus)]',
									)}
								>
									{info.label}
								</span>
							</label>
						))}
					</div>
					{modeError ? (
						<p id="tool-mode-error" className="mt-2 text-sm font-medium text-danger">
							{modeError}
						</p>
					) : (
						<p id="tool-mode-example" className="mt-2 text-sm text-muted">
							Example: <span className="font-mono break-words text-fg">{modeInfo.example}</span>
						</p>
					)}
				</fieldset>

				<div className="mt-6 grid gap-6 lg:grid-cols-2">
					<div className="flex min-w-0 flex-col">
						<label htmlFor="tool-input" className="font-semibold">
							Your text
						</label>
						<textarea
							ref={inputRef}
							id="tool-input"
							name="input"
							data-testid="tool-input"
							defaultValue={serverInput}
							onChange={(event) => setInput(event.target.value)}
							rows={12}
							placeholder="Type or paste text here"
							aria-invalid={inputError ? true : undefined}
							aria-describedby={cn('tool-input-stats', inputError && 'tool-input-error')}
							className={cn(
								'mt-2 min-h-48 w-full resize-y rounded-lg border bg-bg p-3 text-base text-fg placeholder:text-muted sm:text-sm',
								inputError ? 'border-danger' : 'border-border',
							)}
						/>
						{inputError ? (
							<p id="tool-input-error" className="mt-2 text-sm font-medium text-danger" data-testid="tool-input-error">
								{inputError}
							</p>
						) : null}
						<Stats id="tool-input-stats" stats={inputStats} />
						<div className="mt-3 flex flex-wrap gap-2">
							<button type="submit" className="button-primary" data-testid="tool-convert">
								Convert
							</button>
							<button type="button" className="button-secondary" data-testid="tool-example" disabled={!hydrated} onClick={loadExample}>
								Load example
							</button>
							<button
								type="button"
								className="button-secondary"
								data-testid="tool-clear"
								disabled={!hydrated || input === ''}
								onClick={clearInput}
							>
								Clear
							</button>
						</div>
					</div>

					<div className="flex min-w-0 flex-col">
						<label htmlFor="tool-output" className="font-semibold">
							Result
						</label>
						<textarea
							id="tool-output"
							data-testid="tool-output"
							readOnly
							value={output}
							rows={12}
							placeholder="The converted text appears here"
							aria-describedby="tool-output-stats"
							className="mt-2 min-h-48 w-full resize-y rounded-lg border border-border bg-surface-2 p-3 text-base text-fg placeholder:text-muted sm:text-sm"
						/>
						<Stats id="tool-output-stats" stats={outputStats} note={updating ? 'Updating…' : undefined} />
						<div className="mt-3 flex flex-wrap gap-2">
							<button
								type="button"
								className="button-secondary"
								data-testid="tool-copy"
								disabled={!hydrated || output === ''}
								onClick={copyOutput}
							>
								Copy output
							</button>
							<button
								type="button"
								className="button-secondary"
								data-testid="tool-download"
								disabled={!hydrated || output === ''}
								onClick={downloadOutput}
							>
								Download .txt
							</button>
						</div>
					</div>
				</div>

				<p className="mt-4 text-sm text-muted">
					{hydrated ? (
						<>
							The result updates as you type. Press <kbd className="font-mono">Ctrl</kbd>+<kbd className="font-mono">Enter</kbd>{' '}
							(<kbd className="font-mono">⌘</kbd>+<kbd className="font-mono">Enter</kbd> on a Mac) to convert at any time.
						</>
					) : (
						<>Choose a case and press Convert to see the result.</>
					)}
				</p>
				<p role="status" className="sr-only" data-testid="tool-status">
					{tooLarge ? TOO_LARGE_MESSAGE : status}
				</p>
			</Form>

			<section aria-labelledby="how-to" className="mt-12 max-w-3xl">
				<h2 id="how-to" className="text-xl font-semibold">
					How to change the case of text
				</h2>
				<ol className="mt-4 list-decimal space-y-2 pl-6">
					<li>Type or paste your text into the box, or press Load example to try it out.</li>
					<li>
						Pick a case under “Convert to”: prose cases like Title Case and Sentence case, or programming cases
						like camelCase and snake_case.
					</li>
					<li>Copy the result, or download it as a .txt file.</li>
				</ol>
			</section>

			<section aria-labelledby="faq" className="mt-12 max-w-3xl">
				<h2 id="faq" className="text-xl font-semibold">
					Questions and answers
				</h2>
				<div className="mt-4 divide-y divide-border rounded-xl border border-border bg-surface">
					<Faq question="What is the difference between Title Case and Capitalize Each Word?">
						Capitalize Each Word starts every word with a capital letter, including short ones: “The Lord Of The
						Rings”. Title Case follows the usual rules for headlines and keeps short words such as a, an, the,
						and, of, in, on, to and for in lower case unless they begin or end the title: “The Lord of the Rings”.
						Both keep acronyms such as NASA as they are when the rest of your text is not in capitals.
					</Faq>
					<Faq question="Is my text sent to a server?">
						Not while JavaScript is on: the conversion runs in your browser as you type and nothing leaves your
						device. If JavaScript is off or has not loaded yet, pressing Convert sends the text to our server,
						which converts it, sends the result back and keeps nothing: the text is not saved or logged.
					</Faq>
					<Faq question="How are words split for camelCase, snake_case and the other programming cases?">
						Spaces, punctuation and existing case changes all separate words, so “parseHTTPResponse”, “parse HTTP
						response” and “parse_http_response” all become the same words. Digits stay with the word before them
						(“base64Encode” becomes “base64_encode”), and each line is converted on its own, so you can convert a
						whole list of names at once.
					</Faq>
					<Faq question="Does it work with accents, other alphabets and emoji?">
						Yes. Accented letters, Greek, Cyrillic and other alphabets change case correctly (the German ß
						becomes SS in capitals), while scripts without capital letters, such as Chinese and Japanese, and
						emoji pass through unchanged. You can convert up to {MAX_INPUT_CHARACTERS.toLocaleString('en-US')}{' '}
						characters at a time.
					</Faq>
				</div>
			</section>

			{relatedTools.length > 0 ? (
				<section aria-labelledby="related-tools" className="mt-12">
					<h2 id="related-tools" className="text-xl font-semibold">
						Related tools
					</h2>
					<ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
						{relatedTools.map((related) => (
							<li key={related.slug}>
								<ToolCard tool={related} />
							</li>
						))}
					</ul>
				</section>
			) : null}
		</div>
	)
}

function Stats({ id, stats, note }: { id: string; stats: TextStats; note?: string }) {
	return (
		<p id={id} className="mt-2 text-sm text-muted tabular-nums">
			{plural(stats.characters, 'character')} · {plural(stats.words, 'word')} · {plural(stats.lines, 'line')}
			{note ? <span className="ml-2">{note}</span> : null}
		</p>
	)
}

function Faq({ question, children }: { question: string; children: ReactNode }) {
	return (
		<details className="group p-4">
			<summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
				{question}
				<Icon name="chevron-right" className="size-5 shrink-0 text-muted transition-transform group-open:rotate-90" />
			</summary>
			<p className="mt-3 text-muted">{children}</p>
		</details>
	)
}

function plural(count: number, word: string): string {
	return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`
}

/** Other live tools: the same group first, then the rest in registry order. */
function relatedToolsFor(tool: Tool | undefined): Array<Tool> {
	const others = liveTools.filter((other) => other.slug !== SLUG)
	const group = tool?.group
	return [...others.filter((other) => other.group === group), ...others.filter((other) => other.group !== group)].slice(0, 6)
}

function readStoredMode(): CaseMode | null {
	try {
		const stored = localStorage.getItem(MODE_STORAGE_KEY)
		return isCaseMode(stored) ? stored : null
	} catch {
		return null
	}
}
