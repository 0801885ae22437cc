/**
 * The wiring every text tool page repeated around the kit's controls
 * (tool-controls.tsx): the route's action and loader data handed to
 * `useTool`, the input pane bound to the tool's state with its run button,
 * the output pane, and the feedback under them (the error notice, the
 * progress line and the keyboard hint). A page passes its words and options;
 * the state comes from `useToolPage`.
 */
import { useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react'
import { type ErrorBody } from '#app/utils/errors.ts'
import { type ToolActionData, type ToolLoaderData } from './content.ts'
import { type ToolResult } from './core.ts'
import { InputPane, KeyboardHint, OutputPane, RunStatus, ToolErrorNotice } from './tool-controls.tsx'
import { useTool, type ToolOptions, type UseToolArgs } from './use-tool.ts'

/** `useTool` fed with this route's action data (a form posted without JavaScript) and loader data (`?example=N`). */
export function useToolPage<O extends ToolOptions, R extends ToolResult = ToolResult>(args: Omit<UseToolArgs<O>, 'actionData' | 'loaderData'>) {
	const actionData = useActionData() as ToolActionData | undefined
	const loaderData = useLoaderData() as ToolLoaderData | undefined
	return useTool<O, R>({ ...args, actionData, loaderData })
}

/** What the panes read from `useTool`'s state. */
export type ToolState = Pick<
	ReturnType<typeof useTool>,
	'hydrated' | 'input' | 'setInput' | 'inputRef' | 'shareLink' | 'error' | 'running' | 'progress'
>

/** An error about the options (the form's fields), not about the input: the input box is not marked invalid for it. */
export function isOptionError(error: ErrorBody | null): boolean {
	return error?.code === 'VALIDATION_ERROR' && /options/.test(error.message)
}

/**
 * An error about the input: refused as invalid, too large or too complex
 * (400, 413, 415, 422), not about the options. A refusal of the request itself
 * (a rate limit's 429, a busy or unreachable server) does not mark the input
 * box invalid: nothing in it is wrong.
 */
export function isInputError(error: ErrorBody | null): boolean {
	return error !== null && [400, 413, 415, 422].includes(error.status) && !isOptionError(error)
}

type ToolInputProps = Omit<
	ComponentProps<typeof InputPane>,
	'defaultValue' | 'inputRef' | 'hydrated' | 'input' | 'onInput' | 'shareLink' | 'describedBy' | 'invalid'
> & {
	tool: ToolState
	/** The run button's text (the form's submit button, which also works without JavaScript). */
	run: ReactNode
	/** Whether the input box is marked invalid; by default, when there is an error that is not about the options. */
	invalid?: boolean
}

/** The input pane and the result side by side (stacked on narrow screens). */
export function ToolPanes({ children }: { children: ReactNode }) {
	return <div className="mt-6 grid gap-6 lg:grid-cols-2">{children}</div>
}

/** The input pane bound to the tool: its text, file opening, share link, error marking, and the run button first. */
export function ToolInput({ tool, run, invalid, children, ...pane }: ToolInputProps) {
	return (
		<InputPane
			{...pane}
			defaultValue={tool.input}
			inputRef={tool.inputRef}
			hydrated={tool.hydrated}
			input={tool.input}
			onInput={tool.setInput}
			shareLink={tool.shareLink}
			invalid={invalid ?? isInputError(tool.error)}
			describedBy={tool.error ? 'tool-error' : undefined}
		>
			<button type="submit" className="button-primary" data-testid="tool-run">
				{run}
			</button>
			{children}
		</InputPane>
	)
}

/** The output pane bound to the tool (copy and download once hydrated, dimmed while running), with the run's error above the result box. */
export function ToolOutput({ tool, ...pane }: Omit<ComponentProps<typeof OutputPane>, 'hydrated' | 'running' | 'notice'> & { tool: ToolState }) {
	return <OutputPane {...pane} hydrated={tool.hydrated} running={tool.running} notice={<ToolErrorSlot tool={tool} className="mt-2" />} />
}

/**
 * The run's error, where it is seen (issue 29): at the top of the result column, beside the input on
 * a wide screen and right under it on a phone, not under both panes (below the fold at 1366×900).
 * ToolOutput shows it; a page whose result column has no ToolOutput (a preview, a verdict) puts this
 * at the top of that column. The notice is an alert, so it is announced.
 *
 * After an explicit run (the Run button, Ctrl+Enter: the focus is not in the input), a notice out of
 * view is scrolled into view; while the user types it is beside the input and the page keeps still.
 */
export function ToolErrorSlot({ tool, className }: { tool: Pick<ToolState, 'error' | 'input' | 'inputRef'>; className?: string }) {
	const ref = useRef<HTMLDivElement>(null)
	const { error } = tool
	useEffect(() => {
		const notice = ref.current
		if (!error || !notice || document.activeElement === tool.inputRef.current) return
		const box = notice.getBoundingClientRect()
		if (box.top < 0 || box.top > window.innerHeight - 48) notice.scrollIntoView({ block: 'nearest' })
	}, [error, tool.inputRef])
	if (!error) return null
	return (
		<div id="tool-error" ref={ref} className={className}>
			<ToolErrorNotice error={error} input={tool.input} />
		</div>
	)
}

/**
 * Under the panes: what the last run did (`message`) or its progress, and how
 * to run from the keyboard. The error is in the result column (ToolErrorSlot).
 */
export function ToolFeedback({ tool, message, action, working }: { tool: ToolState; message: string; action: string; working?: ReactNode }) {
	return (
		<>
			<RunStatus running={tool.running} progress={tool.progress} message={message} working={working} />
			<KeyboardHint hydrated={tool.hydrated} action={action} />
		</>
	)
}

/** A result's notes, one highlighted box each; nothing when there are none. */
export function ToolNotes({ notes, className = '' }: { notes: ReadonlyArray<string>; className?: string }) {
	if (notes.length === 0) return null
	return (
		<ul className={`space-y-2 ${className}`.trim()}>
			{notes.map((note) => (
				<li key={note} className="rounded-lg bg-accent-soft p-3 break-words text-fg">
					{note}
				</li>
			))}
		</ul>
	)
}
