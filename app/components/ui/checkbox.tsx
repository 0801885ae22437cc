import { type ComponentPropsWithoutRef, type ReactNode } from 'react'
import { cn } from '#app/utils/misc.ts'

export type CheckboxProps = Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'id' | 'children'> & {
	id: string
	label: ReactNode
	/** A line under the label; it is the box's description for screen readers. */
	hint?: ReactNode
}

/**
 * The site's checkbox: the box, its label and an optional hint under it.
 * A Conform field spreads `getInputProps(meta, { type: 'checkbox' })` into it
 * (without `key`); a controlled one passes `checked` and `onChange`.
 */
export function Checkbox({ id, label, hint, className, disabled, ...input }: CheckboxProps) {
	const hintId = `${id}-hint`
	return (
		<div className={cn('flex items-start gap-3', className)}>
			<input
				{...input}
				type="checkbox"
				id={id}
				disabled={disabled}
				aria-describedby={hint ? hintId : undefined}
				className="mt-1 size-4 shrink-0 accent-accent"
			/>
			<div>
				<label htmlFor={id} className={cn('font-medium', disabled ? 'cursor-default' : 'cursor-pointer')}>
					{label}
				</label>
				{hint ? (
					<p id={hintId} className="form-help mt-0">
						{hint}
					</p>
				) : null}
			</div>
		</div>
	)
}
