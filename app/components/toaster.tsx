import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Icon, type IconName } from '#app/components/icon.tsx'
import { cn } from '#app/utils/misc.ts'
import { createToast, type Toast, type ToastInput, type ToastType } from '#app/utils/toast.ts'

type ToastApi = { toast: (input: ToastInput) => string; dismiss: (id: string) => void }

const ToastContext = createContext<ToastApi | null>(null)

export function useToast(): ToastApi {
	const api = useContext(ToastContext)
	if (!api) throw new Error('useToast must be used inside <ToastProvider>')
	return api
}

const icons: Record<ToastType, IconName> = { info: 'info', success: 'check', warning: 'warning', error: 'error' }

/**
 * Holds the visible toasts. `serverToast` is one queued by a server action
 * across a redirect (toast.server.ts); it is shown once, by id, and is in
 * the server's HTML, so a form posted without JavaScript shows its outcome.
 */
export function ToastProvider({ serverToast, children }: { serverToast: Toast | null; children: ReactNode }) {
	const [toasts, setToasts] = useState<Array<Toast>>(() => (serverToast ? [serverToast] : []))
	const shown = useRef(new Set<string>(serverToast ? [serverToast.id] : []))

	const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), [])
	const show = useCallback((toast: Toast) => {
		if (shown.current.has(toast.id)) return
		shown.current.add(toast.id)
		setToasts((list) => [...list.slice(-4), toast])
	}, [])
	const api = useMemo<ToastApi>(
		() => ({
			toast: (input) => {
				const toast = createToast(input)
				show(toast)
				return toast.id
			},
			dismiss,
		}),
		[show, dismiss],
	)

	useEffect(() => {
		if (serverToast) show(serverToast)
	}, [serverToast, show])

	return (
		<ToastContext.Provider value={api}>
			{children}
			<section aria-label="Notifications" className="pointer-events-none fixed bottom-4 left-1/2 z-50 flex w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 flex-col gap-2 sm:left-auto sm:right-20 sm:translate-x-0">
				<div role="status" aria-live="polite">
					<ol className="flex flex-col gap-2">
						{toasts.map((toast) => (
							<ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
						))}
					</ol>
				</div>
			</section>
		</ToastContext.Provider>
	)
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
	useEffect(() => {
		if (toast.duration === 0) return
		const timer = setTimeout(() => onDismiss(toast.id), toast.duration)
		return () => clearTimeout(timer)
	}, [toast, onDismiss])
	return (
		<li
			className={cn('toast pointer-events-auto', `toast-${toast.type}`)}
			data-testid="toast"
			data-type={toast.type}
		>
			<Icon name={icons[toast.type]} className="mt-0.5 size-5 shrink-0" />
			<p className="flex-1 text-sm">{toast.message}</p>
			<button type="button" className="icon-button -m-1 size-7" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
				<Icon name="close" className="size-4" />
			</button>
		</li>
	)
}
