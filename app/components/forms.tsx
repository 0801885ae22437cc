/**
 * Form building blocks (Epic Stack's forms.tsx, trimmed): a labelled field
 * with its errors wired for screen readers, a password field that can show
 * what was typed, an error list and a submit button that shows progress.
 * They work as plain HTML before JavaScript loads.
 */
import { useNavigation } from '@remix-run/react'
import { useId, useState, type InputHTMLAttributes, type LabelHTMLAttributes, type ReactNode } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { cn, useHydrated } from '#app/utils/misc.ts'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors, className }: { id?: string; errors?: ListOfErrors; className?: string }) {
	const shown = errors?.filter(Boolean)
	if (!shown?.length) return null
	return (
		<ul id={id} className={cn('form-error space-y-1', className)}>
			{shown.map((error) => (
				<li key={error}>{error}</li>
			))}
		</ul>
	)
}

type FieldProps = {
	labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode }
	inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string }
	errors?: ListOfErrors
	help?: ReactNode
	className?: string
}

export function Field({ labelProps, inputProps, errors, help, className }: FieldProps) {
	const fallbackId = useId()
	const id = inputProps.id ?? fallbackId
	const errorId = errors?.some(Boolean) ? `${id}-error` : undefined
	const helpId = help ? `${id}-help` : undefined
	const { key, ...input } = inputProps
	return (
		<div className={className}>
			<label htmlFor={id} className="form-label" {...labelProps} />
			<input
				key={key}
				{...input}
				id={id}
				className={cn('form-input', input.className)}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={[errorId, helpId].filter(Boolean).join(' ') || undefined}
			/>
			{help ? (
				<p id={helpId} className="form-help">
					{help}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/** A password input with a Show/Hide button (after hydration; NIST advises letting people check what they typed). */
export function PasswordField(props: FieldProps) {
	const [visible, setVisible] = useState(false)
	const hydrated = useHydrated()
	const fallbackId = useId()
	const id = props.inputProps.id ?? fallbackId
	const errorId = props.errors?.some(Boolean) ? `${id}-error` : undefined
	const helpId = props.help ? `${id}-help` : undefined
	const { key, ...input } = props.inputProps
	return (
		<div className={props.className}>
			<label htmlFor={id} className="form-label" {...props.labelProps} />
			<div className="relative">
				<input
					key={key}
					{...input}
					id={id}
					type={visible ? 'text' : 'password'}
					className={cn('form-input pr-12', input.className)}
					aria-invalid={errorId ? true : undefined}
					aria-describedby={[errorId, helpId].filter(Boolean).join(' ') || undefined}
					autoCapitalize="none"
					autoCorrect="off"
					spellCheck={false}
				/>
				{hydrated ? (
					<button
						type="button"
						className="absolute inset-y-0 right-0 mt-1.5 grid w-11 place-items-center rounded-r-md text-muted hover:text-fg"
						onClick={() => setVisible((v) => !v)}
						aria-controls={id}
						aria-pressed={visible}
					>
						<Icon name={visible ? 'eye-slash' : 'eye'} />
						<span className="sr-only">{visible ? 'Hide password' : 'Show password'}</span>
					</button>
				) : null}
			</div>
			{props.help ? (
				<p id={helpId} className="form-help">
					{props.help}
				</p>
			) : null}
			<ErrorList id={errorId} errors={props.errors} />
		</div>
	)
}

/**
 * True while this form (by the path it posts to and, if given, `intent`) is
 * being submitted or its redirect is loading.
 */
export function useIsPending({ formAction, intent }: { formAction?: string; intent?: string } = {}) {
	const navigation = useNavigation()
	if (navigation.state === 'idle' || navigation.formMethod?.toUpperCase() !== 'POST') return false
	if (formAction && new URL(navigation.formAction ?? '', 'http://same.invalid').pathname !== formAction) return false
	if (intent && navigation.formData?.get('intent') !== intent) return false
	return true
}

export function SubmitButton({
	pending,
	pendingText,
	children,
	className = 'button-primary',
	...rest
}: { pending: boolean; pendingText: string; children: ReactNode; className?: string } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
	return (
		<button type="submit" className={cn(className, pending && 'cursor-wait opacity-80')} aria-disabled={pending || undefined} {...rest}>
			{pending ? (
				<>
					<span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
					{pendingText}
				</>
			) : (
				children
			)}
		</button>
	)
}
