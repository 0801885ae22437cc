/** SPEC.md §3 and §9: a toast is a random id, a message and a type (default info). */

export const TOAST_DEFAULT_DURATION = 4000

export const toastTypes = ['info', 'success', 'warning', 'error'] as const
export type ToastType = (typeof toastTypes)[number]

export type ToastInput = {
	message: string
	type?: ToastType
	/** Milliseconds before it dismisses itself; 0 keeps it until closed. Default 4000. */
	duration?: number
}

export type Toast = { id: string; message: string; type: ToastType; duration: number }

export function createToast({ message, type = 'info', duration = TOAST_DEFAULT_DURATION }: ToastInput): Toast {
	return {
		id: globalThis.crypto.randomUUID(),
		message,
		type,
		duration: Number.isFinite(duration) && duration >= 0 ? duration : TOAST_DEFAULT_DURATION,
	}
}
