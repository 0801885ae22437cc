import { Form, useLocation } from '@remix-run/react'
import { Icon } from '#app/components/icon.tsx'
import { applyTheme, useTheme, type Theme } from '#app/utils/theme.ts'

/**
 * Without JavaScript this is a form that sets the theme cookie and comes back
 * to the same page; with JavaScript it switches at once, without a request.
 */
export function ThemeToggle({ serverTheme }: { serverTheme: Theme | null }) {
	const theme = useTheme(serverTheme)
	const location = useLocation()
	const next: Theme = theme === 'dark' ? 'light' : 'dark'
	const label = `Switch to ${next} mode`
	return (
		<Form
			method="post"
			action="/resources/theme"
			onSubmit={(event) => {
				event.preventDefault()
				applyTheme(next)
			}}
		>
			<input type="hidden" name="theme" value={next} />
			<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
			<button type="submit" className="icon-button" aria-label={label} title={label} data-testid="theme-toggle">
				<Icon name={theme === 'dark' ? 'sun' : 'moon'} />
			</button>
		</Form>
	)
}
