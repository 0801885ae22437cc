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
