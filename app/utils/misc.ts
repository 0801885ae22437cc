import { startTransition, useEffect, useState } from 'react'

/** Joins class names, skipping falsy ones. */
export function cn(...classes: Array<string | false | null | undefined>): string {
	return classes.filter(Boolean).join(' ')
}

/**
 * True once React has hydrated: lets a control enhance its no-JavaScript form.
 *
 * The switch is a transition: the re-render it causes (a whole tool page,
 * its options and result panes) is then done in slices that give the main
 * thread back every few milliseconds, instead of in one long task right
 * after hydration that blocks the first tap (Lighthouse's Total Blocking
 * Time). Anything the user does meanwhile is handled first.
 */
export function useHydrated(): boolean {
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => startTransition(() => setHydrated(true)), [])
	return hydrated
}

