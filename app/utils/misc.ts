import { useEffect, useState } from 'react'

/** Joins class names, skipping falsy ones. */
export function cn(...classes: Array<string | false | null | undefined>): string {
	return classes.filter(Boolean).join(' ')
}

/** True once React has hydrated: lets a control enhance its no-JavaScript form. */
export function useHydrated(): boolean {
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	return hydrated
}

