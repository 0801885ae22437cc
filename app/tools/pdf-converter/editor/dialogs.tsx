/**
 * The viewer's small forms: the password of a protected PDF, and the alt
 * text of a stamp or signature (pdf.js calls our dialog through the
 * `altTextManager` it is given; the button's state, missing, review or
 * added, is pdf.js's own). Dialogs are native `<dialog>` elements opened
 * modally and centred: focus stays inside, Escape cancels, and focus
 * returns to what opened them (for alt text, pdf.js's altTextFinish does too).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { type AltTextEditor } from './engine.client.ts'

export type AltTextRequest = { editor: AltTextEditor; firstTime: boolean }

/** What Tab can reach inside an element. */
function tabbable(root: HTMLElement): Array<HTMLElement> {
	const selector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
	return [...root.querySelectorAll<HTMLElement>(selector)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0)
}

/**
 * A modal dialog in the middle of the window (the site's base styles zero
 * every margin, which pinned `<dialog>` to the top-left corner): Tab and
 * Shift+Tab go round inside it, Escape cancels (also while pdf.js, which
 * listens to the keyboard for its editor, has the key), and focus goes back
 * to what had it before the dialog opened.
 */
export function Dialog({ title, onCancel, children, testId }: { title: string; onCancel: () => void; children: ReactNode; testId: string }) {
	const ref = useRef<HTMLDialogElement>(null)
	const titleId = useId()
	useEffect(() => {
		const dialog = ref.current
		const opener = document.activeElement
		if (dialog && !dialog.open) dialog.showModal()
		return () => {
			dialog?.close()
			if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
		}
	}, [])
	return (
		<dialog
			ref={ref}
			aria-labelledby={titleId}
			aria-modal="true"
			className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-border bg-surface p-4 text-fg shadow-xl backdrop:bg-black/40"
			onCancel={(event) => {
				event.preventDefault()
				onCancel()
			}}
			onKeyDown={(event) => {
				if (event.key === 'Escape') {
					event.preventDefault()
					event.stopPropagation()
					onCancel()
					return
				}
				if (event.key !== 'Tab') return
				const inside = tabbable(event.currentTarget)
				if (!inside.length) return
				const first = inside[0]!
				const last = inside[inside.length - 1]!
				const active = document.activeElement
				if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
					event.preventDefault()
					last.focus()
				} else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
					event.preventDefault()
					first.focus()
				}
			}}
			data-testid={testId}
		>
			<h2 id={titleId} className="text-lg font-semibold">
				{title}
			</h2>
			{children}
		</dialog>
	)
}

export function AltTextDialog({ request, onSave, onClose }: { request: AltTextRequest; onSave: (text: string, decorative: boolean) => void; onClose: () => void }) {
	const current = request.editor.altTextData
	const suggested = current?.altText ? null : (request.editor.guessedAltText ?? null)
	const [text, setText] = useState(current?.altText ?? suggested ?? '')
	const [decorative, setDecorative] = useState(current?.decorative ?? false)
	const hintId = useId()
	return (
		<Dialog title="Alt text" onCancel={onClose} testId="pdf-alt-text-dialog">
			<form
				className="mt-3 space-y-3"
				onSubmit={(event) => {
					event.preventDefault()
					onSave(text.trim(), decorative)
				}}
			>
				{suggested ? (
					<p className="rounded border border-border bg-surface-2 p-2 text-sm" data-testid="pdf-alt-text-suggestion">
						Suggested from your signature: check it, then save.
					</p>
				) : null}
				<label className="block">
					<span className="font-medium">Describe the picture for people who cannot see it</span>
					<textarea
						className="mt-1 block w-full rounded border border-border bg-surface p-2"
						rows={3}
						maxLength={1000}
						value={text}
						disabled={decorative}
						aria-describedby={hintId}
						onChange={(event) => setText(event.currentTarget.value)}
						data-testid="pdf-alt-text-input"
						autoFocus
					/>
				</label>
				<p id={hintId} className="text-sm text-muted">
					One or two sentences: what it shows and why it matters here. It is saved in the PDF for screen readers.
				</p>
				<label className="flex items-center gap-2">
					<input type="checkbox" checked={decorative} onChange={(event) => setDecorative(event.currentTarget.checked)} data-testid="pdf-alt-text-decorative" />
					Decorative: it adds nothing to the content (screen readers skip it)
				</label>
				<div className="flex justify-end gap-2">
					<button type="button" className="button-secondary" onClick={onClose}>
						Cancel
					</button>
					<button type="submit" className="button-primary" disabled={!decorative && !text.trim()} data-testid="pdf-alt-text-save">
						Save alt text
					</button>
				</div>
			</form>
		</Dialog>
	)
}

export function PasswordForm({ name, wrong, onSubmit, onCancel }: { name: string; wrong: boolean; onSubmit: (password: string) => void; onCancel: () => void }) {
	const [password, setPassword] = useState('')
	const errorId = useId()
	return (
		<form
			className="space-y-2 rounded-lg border border-border bg-surface-2 p-3"
			onSubmit={(event) => {
				event.preventDefault()
				onSubmit(password)
			}}
			data-testid="pdf-password-form"
		>
			<label className="block">
				<span className="font-medium">“{name}” is protected: enter its password to open it</span>
				<input
					type="password"
					autoComplete="off"
					className="mt-1 block w-full max-w-sm rounded border border-border bg-surface px-2 py-1"
					value={password}
					onChange={(event) => setPassword(event.currentTarget.value)}
					aria-invalid={wrong || undefined}
					aria-describedby={wrong ? errorId : undefined}
					data-testid="pdf-password"
					autoFocus
				/>
			</label>
			{wrong ? (
				<p id={errorId} role="alert" className="text-sm text-danger" data-testid="pdf-password-wrong">
					That password is not right. Check it (passwords are case-sensitive) and try again.
				</p>
			) : null}
			<p className="text-sm text-muted">The password is used in your browser only; it is never sent.</p>
			<div className="flex gap-2">
				<button type="submit" className="button-primary" disabled={!password}>
					Open
				</button>
				<button type="button" className="button-secondary" onClick={onCancel}>
					Cancel
				</button>
			</div>
		</form>
	)
}
