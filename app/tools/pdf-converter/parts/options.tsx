/**
 * Step 2 and 3 of the Convert form: the operation, each with its short
 * description (links to `?operation=…`, so choosing one works without
 * JavaScript too), and the chosen operation's options only: real fields
 * with the API's names, labels, hints and the schema's defaults, each
 * with its problem under it.
 */
import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { RadioPillGroup } from '#app/components/ui/radio-pill.tsx'
import { cn } from '#app/utils/misc.ts'
import { type PdfOperation } from '../options.ts'
import { fieldApplies, OPERATIONS, operationSpec, type FieldErrors, type FieldSpec, type OptionValues } from './operations.ts'

export function OperationPicker({ operation }: { operation: PdfOperation }) {
	return (
		<section aria-labelledby="pdf-operation-title" data-testid="pdf-operations">
			<h2 id="pdf-operation-title" className="text-lg font-semibold">
				1. Choose what to do
			</h2>
			{/* On a phone: two columns of names, the chosen one's description under them. */}
			<ul className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-3">
				{OPERATIONS.map((spec) => {
					const current = spec.id === operation
					return (
						<li key={spec.id}>
							<Link
								to={`?operation=${spec.id}`}
								replace
								preventScrollReset
								aria-current={current ? 'true' : undefined}
								aria-describedby={`pdf-op-${spec.id}-description`}
								data-testid={`pdf-op-${spec.id}`}
								className={cn(
									'block h-full rounded-lg border bg-surface p-2.5 hover:border-accent sm:p-3',
									current ? 'border-accent bg-accent-soft ring-1 ring-accent' : 'border-border',
								)}
							>
								<span className="block text-sm font-semibold text-fg sm:text-base">{spec.label}</span>
								<span id={`pdf-op-${spec.id}-description`} className="mt-0.5 hidden text-sm text-muted sm:block">
									{spec.description}
								</span>
							</Link>
						</li>
					)
				})}
			</ul>
			<p className="mt-2 text-sm text-muted sm:hidden" data-testid="pdf-op-description">
				{operationSpec(operation).label}: {operationSpec(operation).description}
			</p>
		</section>
	)
}

type OptionsProps = {
	hydrated: boolean
	operation: PdfOperation
	values: OptionValues
	onChange: (name: string, value: string) => void
	errors: FieldErrors
	/** The server's error alert, shown under the field it names. */
	alertFor: (name: string) => ReactNode
}

export function OperationOptions({ hydrated, operation, values, onChange, errors, alertFor }: OptionsProps) {
	const spec = operationSpec(operation)
	return (
		<section aria-labelledby="pdf-options-title" data-testid="pdf-options" data-operation={operation}>
			<h2 id="pdf-options-title" className="text-lg font-semibold">
				3. Options for “{spec.label}”
			</h2>
			{spec.fields.length === 0 ? (
				<p className="mt-2 text-sm text-muted">Nothing to set: the files are joined in the order listed{hydrated ? '' : ' (the order you picked them in)'}. Each page keeps its content and links; the files’ bookmarks are not carried over.</p>
			) : (
				<div className="mt-3 grid gap-5 sm:grid-cols-2">
					{spec.fields.map((field) => {
						// Without JavaScript every field shows: the ones that do not apply keep their defaults.
						if (hydrated && !fieldApplies(field, values)) return null
						const alert = alertFor(field.name)
						return (
							<div key={`${operation}-${field.name}`} className={cn(field.kind === 'text' && field.maxLength > 200 && 'sm:col-span-2')}>
								<OptionField
									field={field}
									id={`pdf-opt-${field.name}`}
									value={values[field.name] ?? ''}
									onChange={(value) => onChange(field.name, value)}
									error={errors[field.name]}
									invalid={Boolean(errors[field.name] || alert)}
								/>
								{alert}
							</div>
						)
					})}
				</div>
			)}
		</section>
	)
}

function describedBy(id: string, hint?: string, error?: string) {
	return cn(hint && `${id}-hint`, error && `${id}-error`) || undefined
}

function Hint({ id, hint }: { id: string; hint?: string }) {
	return hint ? (
		<p id={`${id}-hint`} className="form-help">
			{hint}
		</p>
	) : null
}

function FieldError({ id, error }: { id: string; error?: string }) {
	return error ? (
		<p id={`${id}-error`} className="form-error" data-testid={`${id}-error`}>
			{error}
		</p>
	) : null
}

function OptionField({ field, id, value, onChange, error, invalid }: { field: FieldSpec; id: string; value: string; onChange: (value: string) => void; error?: string; invalid: boolean }) {
	if (field.kind === 'choice' && field.display !== 'select') {
		return (
			<>
				<RadioPillGroup legend={field.label} name={field.name} choices={field.choices} value={value} onChange={onChange} hint={field.hint} hintId={`${id}-hint`} testId={id} size="sm" />
				<FieldError id={id} error={error} />
			</>
		)
	}
	const common = {
		id,
		name: field.name,
		value,
		'aria-invalid': invalid || undefined,
		'aria-describedby': describedBy(id, field.hint, error),
		'data-testid': id,
	} as const
	let control: ReactNode
	if (field.kind === 'choice') {
		control = (
			<select {...common} className="form-input" onChange={(event) => onChange(event.target.value)}>
				{field.choices.map((choice) => (
					<option key={choice.id} value={choice.id}>
						{choice.label}
					</option>
				))}
			</select>
		)
	} else if (field.kind === 'number') {
		control = (
			<div className="flex items-center gap-2">
				<input {...common} type="number" inputMode="decimal" min={field.min} max={field.max} step={field.step} className="form-input max-w-36" onChange={(event) => onChange(event.target.value)} />
				{field.unit ? <span className="mt-1.5 text-sm text-muted">{field.unit}</span> : null}
			</div>
		)
	} else if (field.kind === 'color') {
		control = <input {...common} type="color" className="form-input h-10 w-20 p-1" onChange={(event) => onChange(event.target.value)} />
	} else {
		control = (
			<input
				{...common}
				type="text"
				autoComplete="off"
				spellCheck={field.kind === 'text'}
				maxLength={field.kind === 'text' ? field.maxLength : undefined}
				required={field.required || undefined}
				placeholder={field.placeholder}
				className={cn('form-input', field.kind === 'ranges' && 'font-mono')}
				onChange={(event) => onChange(event.target.value)}
			/>
		)
	}
	return (
		<>
			<label htmlFor={id} className="form-label">
				{field.label}
			</label>
			{control}
			<Hint id={id} hint={field.hint} />
			<FieldError id={id} error={error} />
		</>
	)
}
