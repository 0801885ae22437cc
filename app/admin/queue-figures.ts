// The "Conversion queue" panel's formatting (server and browser; no React here).

/**
 * A wait for the panel: 400 → "0.4 s", 12,000 → "12 s", 90,000 → "1 min 30 s",
 * null (no job started in the last hour) → "—". A wait shorter than 0.05 s
 * reads "< 0.1 s", never "0 s".
 */
export function formatWait(ms: number | null): string {
	if (ms === null) return '—'
	const tenths = Math.round(ms / 100)
	if (tenths === 0) return '< 0.1 s'
	if (tenths < 100) return `${+(tenths / 10).toFixed(1)} s`
	const seconds = Math.round(ms / 1000)
	if (seconds < 60) return `${seconds} s`
	if (seconds < 3600) return join(Math.floor(seconds / 60), 'min', seconds % 60, 's')
	const minutes = Math.round(ms / 60_000)
	return join(Math.floor(minutes / 60), 'h', minutes % 60, 'min')
}

function join(major: number, majorUnit: string, minor: number, minorUnit: string): string {
	return minor === 0 ? `${major} ${majorUnit}` : `${major} ${majorUnit} ${minor} ${minorUnit}`
}
