import { useNavigation } from '@remix-run/react'

/** SPEC.md §2: pages load on demand and show 'Loading...' meanwhile. */
export function LoadingIndicator() {
	const navigation = useNavigation()
	const loading = navigation.state !== 'idle'
	return (
		<div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50">
			{loading ? (
				<div className="loading-indicator" data-testid="loading-indicator">
					<div className="loading-bar" />
					<span className="loading-label">Loading...</span>
				</div>
			) : null}
		</div>
	)
}
