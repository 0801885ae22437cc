import { type ComponentPropsWithoutRef, type ReactNode } from 'react'
import { cn } from '#app/utils/misc.ts'

export type RadioPillProps = Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'children' | 'className'> & {
	name: string
	value: string
	children: ReactNode
}

/**
 * One choice of a radio group drawn as a pill (the tools' options: mode,
 * indent, quotes…). The real radio input stays in the page, visually hidden,
 * so the group works with the keyboard and without JavaScript.
 */
export function RadioPill({ children, ...input }: RadioPillProps) {
	return (
		<label className="relative cursor-pointer">
			<input {...input} type="radio" className="peer sr-only" />
			<span
				className={cn(
					'inline-flex items-center rounded-full border border-border bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-2',
					'peer-checked:border-accent peer-checked:bg-accent-soft peer-checked:text-fg peer-checked:ring-1 peer-checked:ring-accent',
					'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[color:var(--focus)]',
					'peer-disabled:cursor-not-allowed',
				)}
			>
				{children}
			</span>
		</label>
	)
}

export type RadioPillChoice<Value extends string> = { id: Value; label: ReactNode }

export type RadioPillGroupProps<Value extends string> = {
	legend: ReactNode
	name: string
	choices: ReadonlyArray<RadioPillChoice<Value>>
	value: Value
	onChange: (value: Value) => void
	/** A line under the pills (what the choice does); it describes the group for screen readers. */
	hint?: ReactNode
	/** The hint's id, which tests and labels may refer to; `<name>-hint` when left out. */
	hintId?: string
	testId?: string
	/** A smaller legend, for a group inside another fieldset. */
	size?: 'md' | 'sm'
}

/** A fieldset of RadioPills: a legend, one pill per choice, and an optional hint. */
export function RadioPillGroup<Value extends string>({ legend, name, choices, value, onChange, hint, hintId = `${name}-hint`, testId, size = 'md' }: RadioPillGroupProps<Value>) {
	return (
		<fieldset data-testid={testId} aria-describedby={hint ? hintId : undefined}>
			<legend className={cn('font-semibold', size === 'sm' && 'text-sm')}>{legend}</legend>
			<div className={cn('flex flex-wrap gap-2', size === 'sm' ? 'mt-2' : 'mt-3')}>
				{choices.map((choice) => (
					<RadioPill key={choice.id} name={name} value={choice.id} checked={value === choice.id} onChange={() => onChange(choice.id)}>
						{choice.label}
					</RadioPill>
				))}
			</div>
			{hint ? (
				<p id={hintId} className="mt-2 text-sm text-muted">
					{hint}
				</p>
			) : null}
		</fieldset>
	)
}
