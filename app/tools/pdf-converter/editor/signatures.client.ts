/**
 * The last five signatures made on this browser, kept in localStorage so
 * they can be placed again (newest first) and deleted. Only the picture
 * (a PNG data URL) and how it was made are kept; nothing is sent anywhere.
 */
export const SIGNATURES_KEY = 'pdf_signatures'
export const MAX_SIGNATURES = 5
/** A drawn signature's PNG is a few KB; this bounds what one entry may cost the browser's quota. */
const MAX_DATA_URL = 400_000

export type SavedSignature = { id: string; dataUrl: string; kind: 'drawn' | 'typed'; label: string; createdAt: string }

function isSignature(value: unknown): value is SavedSignature {
	const record = value as Partial<SavedSignature> | null
	return Boolean(
		record &&
			typeof record.id === 'string' &&
			typeof record.dataUrl === 'string' &&
			record.dataUrl.startsWith('data:image/png;base64,') &&
			record.dataUrl.length <= MAX_DATA_URL &&
			(record.kind === 'drawn' || record.kind === 'typed') &&
			typeof record.label === 'string',
	)
}

export function loadSignatures(storage: Storage | null = safeStorage()): Array<SavedSignature> {
	try {
		const parsed = JSON.parse(storage?.getItem(SIGNATURES_KEY) ?? '[]') as unknown
		return Array.isArray(parsed) ? parsed.filter(isSignature).slice(0, MAX_SIGNATURES) : []
	} catch {
		return []
	}
}

function store(list: Array<SavedSignature>, storage: Storage | null): Array<SavedSignature> {
	try {
		storage?.setItem(SIGNATURES_KEY, JSON.stringify(list))
	} catch {
		// Private mode or a full quota: the signature is still placed, just not remembered.
	}
	return list
}

/** Keeps `signature` first; the same picture is not kept twice; the sixth oldest goes. */
export function rememberSignature(signature: SavedSignature, storage: Storage | null = safeStorage()): Array<SavedSignature> {
	if (!isSignature(signature)) return loadSignatures(storage)
	const rest = loadSignatures(storage).filter((saved) => saved.id !== signature.id && saved.dataUrl !== signature.dataUrl)
	return store([signature, ...rest].slice(0, MAX_SIGNATURES), storage)
}

export function forgetSignature(id: string, storage: Storage | null = safeStorage()): Array<SavedSignature> {
	return store(
		loadSignatures(storage).filter((saved) => saved.id !== id),
		storage,
	)
}

function safeStorage(): Storage | null {
	try {
		return typeof window === 'undefined' ? null : window.localStorage
	} catch {
		return null
	}
}
