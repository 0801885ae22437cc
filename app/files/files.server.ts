/**
 * Stored files (the StoredFile table): blog images now, tool uploads and
 * results later. Every instance reads them from the database. Ids are 128
 * random bits (base64url), so they cannot be guessed (SECURITY.md I7).
 * A file not marked `kept` is deleted `fileRetentionHours` after upload
 * (an admin setting) by `purgeExpiredFiles`, which the server's hourly sweep
 * runs; until then it is already refused (404) once past its time.
 */
import { createHash, randomBytes } from 'node:crypto'
import { statfs } from 'node:fs/promises'
import path from 'node:path'
import { readFormData } from '#app/utils/body.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { INVISIBLE } from '#app/utils/file-names.ts'
import { formatBytes } from '#app/utils/format.ts'
import { clientKey } from '#app/site/client-key.server.ts'
import { getSiteSettings } from '#app/site/settings.server.ts'
import { blobDirectory, blobExists, readBlob, removeBlob, sweepOrphanBlobs, writeBlob } from './blobs.server.ts'

const HOUR = 60 * 60 * 1000
export const FILE_NAME_MAX = 120

/** Image types accepted for blog posts, recognised by their first bytes. SVG is not one: it can carry script. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const
export type ImageType = (typeof IMAGE_TYPES)[number]

function startsWith(bytes: Uint8Array, signature: ReadonlyArray<number>, offset = 0): boolean {
	if (bytes.length < offset + signature.length) return false
	return signature.every((byte, index) => bytes[offset + index] === byte)
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0))

/** The image type the bytes really are (magic numbers), whatever the name or declared type say; null if none. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
	if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
	if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
	if (startsWith(bytes, ascii('ftyp'), 4) && (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8))) return 'image/avif'
	return null
}

/** A display name safe to store and echo: no path, no control or bidi characters, bounded length. */
export function cleanFileName(name: string, fallback = 'image'): string {
	const base = name.split(/[/\\]/).pop() ?? ''
	const cleaned = base
		.replace(INVISIBLE, '')
		.replace(/"/g, '')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/^\.+/, '')
	return Array.from(cleaned).slice(0, FILE_NAME_MAX).join('') || fallback
}

/** RFC 6266 `Content-Disposition`: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(name: string, type: 'inline' | 'attachment' = 'inline'): string {
	const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_')
	return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
}

/** A stored result sent as a download: never sniffed, run or framed, and kept by no cache. */
export function attachmentHeaders(file: { name: string; mediaType: string; size: number }): Record<string, string> {
	return {
		'Content-Type': file.mediaType,
		'Content-Length': String(file.size),
		'Content-Disposition': contentDisposition(file.name, 'attachment'),
		'X-Content-Type-Options': 'nosniff',
		'Content-Security-Policy': "default-src 'none'; sandbox",
		'Cross-Origin-Resource-Policy': 'same-origin',
		'Cache-Control': 'private, no-store',
	}
}

export function newFileId(): string {
	return randomBytes(16).toString('base64url')
}

export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

/**
 * Bytes a StoredFileChunk holds: files up to this size keep their bytes in
 * their own row; larger ones (tool results, up to 100 MB) a chunk a row,
 * written in one transaction and read back a chunk at a time. One 60 MB
 * parameter took PGlite 1 s and its heap 200 MB (hex text and its decoding)
 * and reading it back held as much again; a chunk at a time it holds a few MB.
 */
export const FILE_CHUNK_BYTES = 1024 * 1024

const storedFileSelect = { id: true, name: true, mediaType: true, size: true, kept: true, createdAt: true, expiresAt: true, pageCount: true } as const

function asBuffer(data: Uint8Array): Uint8Array<ArrayBuffer> {
	return Buffer.from(data.buffer, data.byteOffset, data.byteLength) as Uint8Array<ArrayBuffer>
}

export async function storeFile(input: {
	name: string
	mediaType: string
	data: Uint8Array
	kept: boolean
	uploadedById?: string | null
	/** The tool's results (PDF converter): which tool, when it expires, the anonymous owner's delete-token hash, pages. */
	tool?: string
	expiresAt?: Date
	deleteTokenHash?: string
	pageCount?: number
	/** Whose quota a result counts against (`resultOwnerKey`). */
	ownerKey?: string
}) {
	const row = {
		id: newFileId(),
		name: cleanFileName(input.name),
		mediaType: input.mediaType,
		size: input.data.byteLength,
		kept: input.kept,
		uploadedById: input.uploadedById ?? null,
		tool: input.tool ?? null,
		expiresAt: input.expiresAt ?? null,
		deleteTokenHash: input.deleteTokenHash ?? null,
		pageCount: input.pageCount ?? null,
		ownerKey: input.ownerKey ?? null,
	}
	if (input.data.byteLength <= FILE_CHUNK_BYTES) return prisma.storedFile.create({ data: { ...row, data: asBuffer(input.data) }, select: storedFileSelect })
	const directory = input.kept ? null : blobDirectory()
	if (directory) {
		// The blob first: a row never points to a file that is not there.
		await writeBlob(directory, row.id, input.data)
		try {
			return await prisma.storedFile.create({ data: { ...row, data: new Uint8Array(0), onDisk: true }, select: storedFileSelect })
		} catch (error) {
			await removeBlob(directory, row.id).catch(() => {})
			throw error
		}
	}
	const chunkCount = Math.ceil(input.data.byteLength / FILE_CHUNK_BYTES)
	// All or nothing: a file is never seen with some of its chunks missing.
	return prisma.$transaction(
		async (tx) => {
			const file = await tx.storedFile.create({ data: { ...row, data: new Uint8Array(0), chunkCount }, select: storedFileSelect })
			for (let index = 0; index < chunkCount; index++) {
				const data = asBuffer(input.data.subarray(index * FILE_CHUNK_BYTES, (index + 1) * FILE_CHUNK_BYTES))
				// createMany: no RETURNING of the megabyte just written.
				await tx.storedFileChunk.createMany({ data: [{ fileId: row.id, index, data }] })
			}
			return file
		},
		// 100 chunks take a second or two; the default 5 s is tight on a loaded machine.
		{ maxWait: 10_000, timeout: 120_000 },
	)
}

/**
 * A stored file's bytes as a response body: its own row's for a small file,
 * else its chunks read one at a time as the body is sent. A file deleted
 * while it is being sent ends the body with an error (the client sees a cut
 * download, never another file's bytes).
 */
export function storedFileBody(file: { id: string; data: Uint8Array; chunkCount: number; onDisk: boolean }): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
	const directory = blobDirectory()
	if (file.onDisk && directory) return readBlob(directory, file.id)
	if (file.chunkCount === 0) return file.data as Uint8Array<ArrayBuffer>
	let index = 0
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			const chunk = await prisma.storedFileChunk.findUnique({ where: { fileId_index: { fileId: file.id, index } }, select: { data: true } })
			if (!chunk) {
				controller.error(new Error(`stored file ${file.id}: chunk ${index} is gone`))
				return
			}
			controller.enqueue(chunk.data)
			index++
			if (index === file.chunkCount) controller.close()
		},
	})
}

/** Free space a disk must keep beyond a new result before results are refused (503). */
export const MIN_FREE_DISK_BYTES = 1024 * 1024 * 1024

/**
 * The quota key of a result's owner: the account, or a hash of the client's
 * key (`clientKey`: the IPv4 address, or the IPv6 /64, so one client's
 * addresses share one quota; the address itself is never stored).
 */
export function resultOwnerKey(userId: string | null, clientIp: string | undefined): string {
	if (userId) return `user:${userId}`
	return `ip:${createHash('sha256').update(`toolnest-result-owner:${clientKey(clientIp)}`).digest('hex').slice(0, 32)}`
}

/**
 * Room for a new result of `bytes` (SECURITY.md I9: repeated uploads must
 * not fill the disk): within its owner's quota (RESULT_QUOTA_MB of
 * unexpired results; else 429), within everyone's (RESULT_STORAGE_MB; else
 * 503), and with MIN_FREE_DISK_BYTES left on the disk the blobs go to (else
 * 503). Retry-After: when the oldest result in the way expires.
 */
export async function checkResultRoom(ownerKey: string, bytes: number, now = new Date()): Promise<void> {
	const { RESULT_QUOTA_MB, RESULT_STORAGE_MB } = getEnv()
	const live = { kept: false, tool: { not: null }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }
	const retryAfter = (expiresAt: Date | null | undefined) => Math.max(1, Math.min(24 * 3600, Math.ceil(((expiresAt?.getTime() ?? now.getTime() + HOUR) - now.getTime()) / 1000)))
	const mine = await prisma.storedFile.aggregate({ where: { ...live, ownerKey }, _sum: { size: true }, _min: { expiresAt: true } })
	// At least one byte: an owner exactly at the quota has no room left (the check before any work passes 0).
	const needed = Math.max(1, bytes)
	if ((mine._sum.size ?? 0) + needed > RESULT_QUOTA_MB * 1024 * 1024) {
		throw new AppError('RATE_LIMITED', `You have ${formatBytes(mine._sum.size ?? 0)} of results stored (limit ${formatBytes(RESULT_QUOTA_MB * 1024 * 1024)}). Delete some, or wait until they expire.`, {
			reason: 'quota',
			limit: RESULT_QUOTA_MB * 1024 * 1024,
			retryAfter: retryAfter(mine._min.expiresAt),
		})
	}
	const all = await prisma.storedFile.aggregate({ where: live, _sum: { size: true }, _min: { expiresAt: true } })
	const directory = blobDirectory()
	const free = directory ? await freeDiskBytes(directory) : Infinity
	if ((all._sum.size ?? 0) + needed > RESULT_STORAGE_MB * 1024 * 1024 || free < bytes + MIN_FREE_DISK_BYTES) {
		throw new AppError('SERVICE_UNAVAILABLE', 'The server is storing as many results as it can right now. Please try again later.', { reason: 'storage-full', retryAfter: retryAfter(all._min.expiresAt) })
	}
}

/** Bytes free for us on the disk holding `directory` (or its data directory, before the first blob). */
async function freeDiskBytes(directory: string): Promise<number> {
	for (const candidate of [directory, path.dirname(directory)]) {
		const stats = await statfs(candidate).catch(() => null)
		if (stats) return stats.bavail * stats.bsize
	}
	return Infinity
}

/**
 * Whether a file is past its time: never when kept; otherwise once the
 * retention period has run since its upload, or once its own `expiresAt`
 * (set at creation, what the API promised) has come, whichever is first.
 */
export function isExpired(file: { kept: boolean; createdAt: Date; expiresAt: Date | null }, fileRetentionHours: number, now = new Date()): boolean {
	if (file.kept) return false
	if (file.createdAt.getTime() + fileRetentionHours * HOUR <= now.getTime()) return true
	return file.expiresAt !== null && file.expiresAt.getTime() <= now.getTime()
}

/** When a file made now expires (the 201's `expiresAt`): the retention period from now. */
export async function expiryFromNow(now = new Date()): Promise<Date> {
	const { fileRetentionHours } = await getSiteSettings()
	return new Date(now.getTime() + fileRetentionHours * HOUR)
}

/** A file's bytes and metadata, or null when unknown or past its retention. `tool`: only a file that tool made. */
export async function readStoredFile(id: string, now = new Date(), { tool }: { tool?: string } = {}) {
	if (!FILE_ID_PATTERN.test(id)) return null
	const file = await prisma.storedFile.findUnique({ where: { id } })
	if (!file) return null
	if (tool !== undefined && file.tool !== tool) return null
	if (!file.kept) {
		const { fileRetentionHours } = await getSiteSettings()
		if (isExpired(file, fileRetentionHours, now)) return null
	}
	if (file.onDisk) {
		const directory = blobDirectory()
		if (!directory || !(await blobExists(directory, file.id))) return null
	}
	return file
}

/** Metadata only (no bytes). */
export async function findStoredFile(id: string) {
	if (!FILE_ID_PATTERN.test(id)) return null
	return prisma.storedFile.findUnique({ where: { id }, select: { id: true, name: true, mediaType: true, size: true, kept: true, createdAt: true } })
}

export async function deleteStoredFile(id: string): Promise<boolean> {
	const { count } = await prisma.storedFile.deleteMany({ where: { id } })
	await removeBlobOf(id)
	return count > 0
}

/** A deleted file's blob, if it had one (nothing with PostgreSQL); the sweep catches any this misses. */
async function removeBlobOf(id: string): Promise<void> {
	const directory = blobDirectory()
	if (directory && FILE_ID_PATTERN.test(id)) await removeBlob(directory, id)
}

/** The blobs of files whose rows were just deleted (an account's results). */
export async function removeFileBlobs(ids: ReadonlyArray<string>): Promise<void> {
	for (const id of ids) await removeBlobOf(id)
}

/** Blobs left without a row (a crash mid-store, a deletion that failed halfway): removed by the hourly sweep. */
export async function sweepOrphanFiles(): Promise<number> {
	const directory = blobDirectory()
	if (!directory) return 0
	return sweepOrphanBlobs(directory, async (ids) => {
		const rows = await prisma.storedFile.findMany({ where: { id: { in: ids } }, select: { id: true } })
		return new Set(rows.map((row) => row.id))
	})
}

/** Deletes files not kept and older than the retention period; returns how many. */
export async function purgeExpiredFiles(now = new Date()): Promise<number> {
	const { fileRetentionHours } = await getSiteSettings()
	const where = { kept: false, OR: [{ createdAt: { lte: new Date(now.getTime() - fileRetentionHours * HOUR) } }, { expiresAt: { lte: now } }] }
	const onDisk = blobDirectory() ? await prisma.storedFile.findMany({ where: { ...where, onDisk: true }, select: { id: true } }) : []
	const { count } = await prisma.storedFile.deleteMany({ where })
	for (const { id } of onDisk) await removeBlobOf(id)
	await sweepOrphanFiles()
	return count
}

/** A user's own unexpired tool results (the profile page's list), newest first; no bytes. */
export async function listUserFiles(userId: string, now = new Date(), take = 100) {
	const { fileRetentionHours } = await getSiteSettings()
	const files = await prisma.storedFile.findMany({
		where: {
			uploadedById: userId,
			kept: false,
			tool: { not: null },
			createdAt: { gt: new Date(now.getTime() - fileRetentionHours * HOUR) },
			OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
		},
		orderBy: { createdAt: 'desc' },
		take,
		select: { id: true, name: true, size: true, mediaType: true, tool: true, createdAt: true, expiresAt: true, pageCount: true },
	})
	return files.map((file) => {
		const byRetention = new Date(file.createdAt.getTime() + fileRetentionHours * HOUR)
		const expiresAt = file.expiresAt && file.expiresAt < byRetention ? file.expiresAt : byRetention
		return { ...file, expiresAt }
	})
}

/** Deletes one of a user's own tool results (the profile page); false when it is not theirs or already gone. */
export async function deleteUserFile(userId: string, id: string): Promise<boolean> {
	if (!FILE_ID_PATTERN.test(id)) return false
	const { count } = await prisma.storedFile.deleteMany({ where: { id, uploadedById: userId, kept: false, tool: { not: null } } })
	if (count > 0) await removeBlobOf(id)
	return count > 0
}

/** Images uploaded for posts (kept), newest first: the cover image choices. */
export async function listPostImages(take = 50) {
	return prisma.storedFile.findMany({
		where: { kept: true, mediaType: { in: [...IMAGE_TYPES] } },
		orderBy: { createdAt: 'desc' },
		take,
		select: { id: true, name: true, size: true, mediaType: true, createdAt: true },
	})
}

export const NOT_AN_IMAGE_MESSAGE =
	'This file is not a PNG, JPEG, GIF, WebP or AVIF image (its contents say otherwise, whatever its name). SVG is not accepted: it can carry script.'

export function imageTooLarge(limitBytes: number): AppError {
	return new AppError('PAYLOAD_TOO_LARGE', `The image is too large (limit ${formatBytes(limitBytes)}).`, { field: 'image', limit: limitBytes })
}

/** Multipart overhead allowed beyond the file itself (boundaries, headers, the other small fields). */
const FORM_OVERHEAD = 64 * 1024

/**
 * Reads a multipart form carrying an image (at most the admin's upload
 * limit: the read stops as soon as the body is over it) and checks the
 * file's real type. Returns the form and the checked image, or null when
 * `field` holds no file.
 */
export async function readImageForm(request: Request, field: string, extraBytes = 0) {
	const { uploadLimitMb } = await getSiteSettings()
	const limit = uploadLimitMb * 1024 * 1024
	let form: FormData
	try {
		form = await readFormData(request, limit + FORM_OVERHEAD + extraBytes)
	} catch (error) {
		if (error instanceof AppError && error.status === 413) throw imageTooLarge(limit)
		throw error
	}
	return { form, image: await checkImageFile(form.get(field), limit, field), limit }
}

/** The checked image in a form field (null when the field holds no file): 413 over `limit`, 415 when the bytes are not an accepted image. */
export async function checkImageFile(file: FormDataEntryValue | null, limit: number, field = 'image') {
	if (!(file instanceof File) || file.size === 0) return null
	if (file.size > limit) throw imageTooLarge(limit)
	const data = new Uint8Array(await file.arrayBuffer())
	const mediaType = sniffImageType(data)
	if (!mediaType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE_MESSAGE, { field })
	return { name: cleanFileName(file.name), mediaType, data }
}

/** The admin's upload limit in bytes. */
export async function uploadLimitBytes(): Promise<number> {
	const { uploadLimitMb } = await getSiteSettings()
	return uploadLimitMb * 1024 * 1024
}

export function fileUrl(id: string): string {
	return `/files/${id}`
}
