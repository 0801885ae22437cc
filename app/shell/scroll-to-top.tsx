import { useEffect, useState } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { cn } from '#app/utils/misc.ts'

/** SPEC.md §9: the button appears after scrolling more than 300 px. */
export const SCROLL_TO_TOP_THRESHOLD = 300

export function ScrollToTop() {
	const [visible, setVisible] = useState(false)
	useEffect(() => {
		const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD)
		update()
		window.addEventListener('scroll', update, { passive: true })
		return () => window.removeEventListener('scroll', update)
	}, [])
	return (
		<button
			type="button"
			aria-label="Scroll to top"
			title="Scroll to top"
			data-testid="scroll-to-top"
			hidden={!visible}
			onClick={() => {
				const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
				window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
				document.getElementById('main')?.focus({ preventScroll: true })
			}}
			className={cn(
				'fixed right-4 bottom-4 z-30 grid size-11 place-items-center rounded-full bg-accent text-accent-fg shadow-lg hover:bg-accent-hover lg:right-6 lg:bottom-6',
			)}
		>
			<Icon name="arrow-up" />
		</button>
	)
}
