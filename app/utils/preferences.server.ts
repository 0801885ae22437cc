/**
 * Per-browser display preferences kept in plain cookies so the server renders
 * the right theme and sidebar on the first byte. The theme cookie mirrors
 * localStorage `theme` (SPEC.md §9); the inline script in `root.tsx` keeps the
 * two in step. Neither is secret, so neither is signed or httpOnly.
 */
import { readFormData, TINY_FORM_BYTES } from './body.server.ts'
import { AppError } from './errors.ts'
import { apiErrorResponse } from './api.server.ts'

export type Theme = 'dark' | 'light'
export type SidebarState = 'open' | 'closed'

const oneYear = 60 * 60 * 24 * 365

// Plain `name=value` cookies (not Remix's signed base64 JSON) so that the
// browser-side script can read and write the same values.
function readCookie(request: Request, name: string): string | null {
	const header = request.headers.get('Cookie')
	if (!header) return null
	for (const part of header.split(';')) {
		const [key, ...rest] = part.trim().split('=')
		if (key === name) return rest.join('=')
	}
	return null
}

export function parseTheme(value: unknown): Theme | null {
	return value === 'dark' || value === 'light' ? value : null
}

export function parseSidebar(value: unknown): SidebarState | null {
	return value === 'open' || value === 'closed' ? value : null
}

/**
 * The stored theme, else the site's default theme when it is light or dark,
 * else (default "system") the browser's client hint, else null (the inline
 * script decides).
 */
export function getTheme(request: Request, defaultTheme: 'system' | 'light' | 'dark' = 'system'): Theme | null {
	const stored = parseTheme(readCookie(request, 'theme'))
	if (stored) return stored
	if (defaultTheme !== 'system') return defaultTheme
	return parseTheme(request.headers.get('Sec-CH-Prefers-Color-Scheme'))
}

export function getSidebarState(request: Request): SidebarState {
	return parseSidebar(readCookie(request, 'sidebar')) ?? 'open'
}

function serialize(name: string, value: string): string {
	return `${name}=${value}; Path=/; Max-Age=${oneYear}; SameSite=Lax`
}

export function serializeTheme(theme: Theme): string {
	return serialize('theme', theme)
}

export function serializeSidebar(state: SidebarState): string {
	return serialize('sidebar', state)
}

/**
 * The form of a preference toggle's no-JavaScript path: a few short fields
 * (4 KB and 8 fields at most), or the JSON error answer for a body refused.
 */
export async function readToggleForm(request: Request): Promise<FormData | Response> {
	try {
		return await readFormData(request, TINY_FORM_BYTES, { maxFields: 8 })
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		return apiErrorResponse(error)
	}
}
