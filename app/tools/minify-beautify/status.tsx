/**
 * The page's status line: like `RunStatus` (app/components/tool-controls.tsx),
 * but a run that first downloads an engine says which one ("Loading the
 * JavaScript minifier…") instead of "Working…". Announced politely.
 */
export function MinifyStatus({ running, loading, progress, message }: { running: boolean; loading: string | null; progress: number | null; message: string }) {
	return (
		<div className="mt-4 min-h-6 text-sm text-muted" aria-live="polite" data-testid="tool-status">
			{running ? (
				<span className="inline-flex flex-wrap items-center gap-3">
					<span data-testid={loading ? 'minify-loading' : undefined}>{loading ?? 'Working…'}</span>
					{progress !== null ? (
						<progress className="h-2 w-40" max={1} value={progress} aria-label="Progress">
							{Math.round(progress * 100)}%
						</progress>
					) : null}
				</span>
			) : (
				message
			)}
		</div>
	)
}
