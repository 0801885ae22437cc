/**
 * Only same-site paths are ever redirected to: anything absolute,
 * protocol-relative (`//evil`), backslashed (`/\evil`) or malformed falls back
 * to `fallback`. Stops open redirects through `redirectTo`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	if (typeof to !== 'string' || !to) return fallback
	if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
	// Control characters (tab, newline) are stripped by URL parsers and can turn
	// "/\t/evil" into "//evil".
	if (/[\u0000-\u001f\u007f]/.test(to)) return fallback
	try {
		const url = new URL(to, 'http://same.invalid')
		if (url.origin !== 'http://same.invalid') return fallback
		// Dot segments can collapse into a protocol-relative path: "/..//evil" → "//evil".
		if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return fallback
		return `${url.pathname}${url.search}${url.hash}`
	} catch {
		return fallback
	}
}
