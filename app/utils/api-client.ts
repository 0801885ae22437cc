/**
 * The browser-side request helper for `/api/*` (SPEC.md §7, §8). Every
 * failure becomes an `AppError` from the catalogue:
 * - no response at all → NETWORK_ERROR, status 0, 'Network request failed';
 * - an error status → the server's message and details when it sent them,
 *   else the catalogue's default for the status;
 * - uploads and downloads fall back to 'Upload failed' / 'Download failed'.
 */
import { AppError, DOWNLOAD_FAILED, UPLOAD_FAILED, errorFromResponse } from './errors.ts'

type RequestOptions = {
	method?: string
	body?: unknown
	headers?: HeadersInit
	signal?: AbortSignal
}

async function send(path: string, init: RequestInit, fallbackMessage?: string): Promise<Response> {
	let response: Response
	try {
		response = await fetch(path, { credentials: 'same-origin', ...init })
	} catch (error) {
		if (init.signal?.aborted) throw error
		throw new AppError('NETWORK_ERROR', fallbackMessage ?? undefined)
	}
	if (!response.ok) {
		const body: unknown = await response.json().catch(() => null)
		const error = errorFromResponse(response.status, response.statusText, body)
		const hasServerMessage = Boolean(body && typeof body === 'object' && 'message' in body)
		if (fallbackMessage && !hasServerMessage) {
			throw new AppError('INTERNAL_ERROR', fallbackMessage, error.details, error.status)
		}
		throw error
	}
	return response
}

/** JSON in, JSON out. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
	const headers = new Headers(options.headers)
	headers.set('Accept', 'application/json')
	let body: BodyInit | undefined
	if (options.body !== undefined) {
		headers.set('Content-Type', 'application/json')
		body = JSON.stringify(options.body)
	}
	const response = await send(path, {
		method: options.method ?? (body ? 'POST' : 'GET'),
		headers,
		body,
		signal: options.signal,
	})
	if (response.status === 204) return undefined as T
	return (await response.json()) as T
}

/** Multipart upload; failures without a server message read 'Upload failed'. */
export async function uploadForm<T>(path: string, form: FormData, signal?: AbortSignal): Promise<T> {
	const response = await send(
		path,
		{ method: 'POST', body: form, headers: { Accept: 'application/json' }, signal },
		UPLOAD_FAILED,
	)
	return (await response.json()) as T
}

/** Binary download; failures without a server message read 'Download failed'. */
export async function downloadBlob(path: string, init: RequestInit = {}): Promise<Blob> {
	const response = await send(path, init, DOWNLOAD_FAILED)
	try {
		return await response.blob()
	} catch {
		throw new AppError('NETWORK_ERROR', DOWNLOAD_FAILED)
	}
}
