import { useBlocker, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

/**
 * Whether the form holds unsaved changes, and the guards that ask before
 * they are lost: the browser's beforeunload, and Remix's blocker for
 * in-app navigation. `submitting` is set while the form itself posts, so a
 * save or a delete never asks.
 */
export function useUnsavedChanges(initiallyDirty: boolean) {
	const navigation = useNavigation()
	const [dirty, setDirty] = useState(initiallyDirty)
	const submitting = useRef(false)
	const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !submitting.current && currentLocation.pathname !== nextLocation.pathname)
	useEffect(() => {
		if (!dirty) return
		const warn = (event: BeforeUnloadEvent) => {
			if (submitting.current) return
			event.preventDefault()
			event.returnValue = ''
		}
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [dirty])
	useEffect(() => {
		if (navigation.state === 'idle') submitting.current = false
	}, [navigation.state])
	return { dirty, setDirty, submitting, blocker }
}
