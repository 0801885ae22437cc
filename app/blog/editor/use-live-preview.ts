import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'

const PREVIEW_DELAY_MS = 400

export type PreviewState = { html: string; error: string | null; busy: boolean }

/**
 * The rendered body, refreshed as the author types: debounced, through
 * /admin/posts/preview (the renderer posts are saved with); a newer request
 * cancels the one in flight.
 */
export function useLivePreview(bodyRef: RefObject<HTMLTextAreaElement>, initial: () => PreviewState) {
	const [preview, setPreview] = useState<PreviewState>(initial)
	const previewTimer = useRef<ReturnType<typeof setTimeout>>()
	const previewRequest = useRef<AbortController>()
	const refreshPreview = useCallback(() => {
		clearTimeout(previewTimer.current)
		previewTimer.current = setTimeout(async () => {
			const body = bodyRef.current?.value ?? ''
			previewRequest.current?.abort()
			const controller = new AbortController()
			previewRequest.current = controller
			setPreview((current) => ({ ...current, busy: true }))
			try {
				const response = await fetch('/admin/posts/preview', {
					method: 'POST',
					body: new URLSearchParams({ body }),
					headers: { Accept: 'application/json' },
					signal: controller.signal,
				})
				const json = (await response.json().catch(() => null)) as { html?: string; message?: string } | null
				if (controller.signal.aborted) return
				if (response.ok && typeof json?.html === 'string') setPreview({ html: json.html, error: null, busy: false })
				else setPreview((current) => ({ ...current, error: json?.message || `The preview failed (${response.status}).`, busy: false }))
			} catch (error) {
				if (controller.signal.aborted) return
				setPreview((current) => ({ ...current, error: 'The preview could not be loaded (network error).', busy: false }))
			}
		}, PREVIEW_DELAY_MS)
	}, [bodyRef])
	useEffect(
		() => () => {
			clearTimeout(previewTimer.current)
			previewRequest.current?.abort()
		},
		[],
	)
	return { preview, refreshPreview }
}
