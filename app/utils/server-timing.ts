/**
 * A route's own phases for its `Server-Timing` header (the server adds
 * `total` as the headers go out: server/server-timing.ts).
 */
/** Usage: `const timing = phases(); await timing.time('run', work); timing.header()`. */
export function phases() {
	const entries: Array<string> = []
	return {
		async time<T>(name: string, work: () => Promise<T> | T): Promise<T> {
			const start = performance.now()
			try {
				return await work()
			} finally {
				entries.push(`${name};dur=${(performance.now() - start).toFixed(1)}`)
			}
		},
		header(): string {
			return entries.join(', ')
		},
	}
}
