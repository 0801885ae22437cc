import { useEffect, useState } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { useHydrated } from '#app/utils/misc.ts'

const STORAGE_KEY = 'announcement-dismissed'

/**
 * The site-wide announcement (admin settings): plain text, rendered by React
 * (escaped), in a labelled region under the top bar. With JavaScript it can
 * be dismissed for the rest of the browser session; a new text shows again.
 */
export function AnnouncementBanner({ text }: { text: string }) {
	const hydrated = useHydrated()
	const [dismissed, setDismissed] = useState(false)
	useEffect(() => {
		try {
			setDismissed(sessionStorage.getItem(STORAGE_KEY) === text)
		} catch {
			setDismissed(false)
		}
	}, [text])
	if (!text || dismissed) return null
	return (
		<section
			aria-label="Announcement"
			data-testid="announcement"
			className="flex items-start justify-center gap-2 border-b border-border bg-accent-soft px-4 py-2 text-sm font-medium text-fg"
		>
			<p className="max-w-4xl min-w-0 text-center break-words whitespace-pre-line">{text}</p>
			{hydrated ? (
				<button
					type="button"
					className="icon-button -my-1 size-7 shrink-0"
					aria-label="Dismiss announcement"
					onClick={() => {
						try {
							sessionStorage.setItem(STORAGE_KEY, text)
						} catch {
							// Storage can be disabled: it is hidden until the next page load.
						}
						setDismissed(true)
					}}
				>
					<Icon name="close" />
				</button>
			) : null}
		</section>
	)
}
