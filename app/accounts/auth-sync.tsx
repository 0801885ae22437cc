import { useEffect, useRef } from 'react'
import { useRevalidator } from '@remix-run/react'

/** SPEC.md §4 and §9: the broadcast channel and the storage key other tabs watch. */
export const AUTH_SYNC_CHANNEL = 'auth_sync'
export const AUTH_USER_STORAGE_KEY = 'auth_user'

type AuthMessage = { type: 'login' | 'logout'; userId: string | null }

function readStoredUserId(): string | null | undefined {
	try {
		const raw = localStorage.getItem(AUTH_USER_STORAGE_KEY)
		if (raw === null) return null
		const parsed = JSON.parse(raw) as { id?: unknown }
		return typeof parsed.id === 'string' ? parsed.id : null
	} catch {
		return undefined
	}
}

function storeUserId(userId: string | null) {
	try {
		// Only the id (never a token: the session is an httpOnly cookie). Setting
		// or removing it fires a storage event in every other tab.
		if (userId) localStorage.setItem(AUTH_USER_STORAGE_KEY, JSON.stringify({ id: userId }))
		else localStorage.removeItem(AUTH_USER_STORAGE_KEY)
	} catch {
		// Storage blocked: the broadcast channel still works.
	}
}

/**
 * Keeps every tab of this browser on the same account. The session cookie
 * is shared by all tabs, so a tab only needs to be told to reload its data:
 * when this tab sees a different user than the last one recorded (it logged
 * in or out, by a form, a redirect or a full page load), it records the new
 * one and tells the others on the `auth_sync` channel; a tab that hears it
 * (or, without BroadcastChannel, sees `auth_user` change) revalidates, which
 * also moves it off pages that need the old account.
 */
export function AuthSync({ userId }: { userId: string | null | undefined }) {
	const { revalidate } = useRevalidator()
	const revalidateRef = useRef(revalidate)
	revalidateRef.current = revalidate

	useEffect(() => {
		// undefined: the session could not be verified; nothing is known, nothing is said.
		if (userId === undefined) return
		const stored = readStoredUserId()
		if (stored === undefined || stored === userId) return
		storeUserId(userId)
		if (typeof BroadcastChannel === 'undefined') return
		const channel = new BroadcastChannel(AUTH_SYNC_CHANNEL)
		const message: AuthMessage = { type: userId ? 'login' : 'logout', userId }
		channel.postMessage(message)
		channel.close()
	}, [userId])

	useEffect(() => {
		const refresh = () => revalidateRef.current()
		const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_SYNC_CHANNEL)
		channel?.addEventListener('message', refresh)
		// The storage event is the fallback for browsers without BroadcastChannel.
		const onStorage = (event: StorageEvent) => {
			if (!channel && (event.key === AUTH_USER_STORAGE_KEY || event.key === null)) refresh()
		}
		window.addEventListener('storage', onStorage)
		return () => {
			channel?.close()
			window.removeEventListener('storage', onStorage)
		}
	}, [])

	return null
}
