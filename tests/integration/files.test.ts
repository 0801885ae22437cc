/**
 * Blog image uploads (POST /admin/posts/images) and stored files
 * (GET /files/<id>, app/files/files.server.ts): the bytes decide the type
 * (SECURITY.md I5), the admin's upload limit applies (413 naming it),
 * non-admins are refused with nothing stored (G1), files are served with
 * nosniff and a sandboxing CSP (I7), and files not kept are purged after the
 * retention period (I8).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import * as filesRoute from '#app/routes/files.$id.ts'
import * as imagesRoute from '#app/routes/admin.posts.images.ts'
import { prisma } from '#app/utils/db.server.ts'
import { blobDirectory } from '#app/files/blobs.server.ts'
import { checkResultRoom, cleanFileName, contentDisposition, deleteStoredFile, FILE_CHUNK_BYTES, purgeExpiredFiles, resultOwnerKey, sniffImageType, storeFile } from '#app/files/files.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { updateSiteSettings } from '#app/site/settings.server.ts'
import { context, createUser, loginAs, makeRequest } from '#tests/setup/accounts.ts'
import { resetDatabase } from '#tests/setup/db.ts'
import { callRoute } from '#tests/setup/routes.ts'

beforeEach(async () => {
	await resetDatabase()
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)])
const AVIF = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif'), Buffer.alloc(16)])
const HOUR = 60 * 60 * 1000

async function admin() {
	const user = await createUser({ role: 'admin' })
	return { user, cookie: (await loginAs(user.id)).cookie }
}

function upload(bytes: Uint8Array, name: string, type: string, cookie?: string) {
	const form = new FormData()
	form.set('image', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
	return makeRequest('/admin/posts/images', { method: 'POST', body: form, cookie })
}

/** The upload action's Response, returned or thrown (a redirect). */
async function callAction(request: Request): Promise<Response> {
	const { response } = await callRoute(imagesRoute.action, request)
	expect(response).toBeInstanceOf(Response)
	return response!
}

/** GET (or HEAD) /files/<id>: the loader's Response, which it returns (never throws). */
async function getFile(id: string, method = 'GET'): Promise<Response> {
	const { response, thrown } = await callRoute(filesRoute.loader, makeRequest(`/files/${id}`, { method }), { id })
	expect(thrown).toBe(false)
	expect(response).toBeInstanceOf(Response)
	return response!
}

describe('the real type of an image', () => {
	test('PNG, JPEG, GIF, WebP and AVIF are recognised by their bytes', () => {
		expect(sniffImageType(PNG)).toBe('image/png')
		expect(sniffImageType(JPEG)).toBe('image/jpeg')
		expect(sniffImageType(GIF)).toBe('image/gif')
		expect(sniffImageType(WEBP)).toBe('image/webp')
		expect(sniffImageType(AVIF)).toBe('image/avif')
	})

	test('HTML, SVG, executables, PDFs and empty files are not images', () => {
		for (const text of ['<html><script>alert(1)</script></html>', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'MZ\x90\x00\x03', '%PDF-1.7', '']) {
			expect(sniffImageType(Buffer.from(text, 'latin1'))).toBeNull()
		}
	})
})

describe('POST /admin/posts/images', () => {
	test('an admin uploads a PNG: stored kept, 128-bit id, JSON answer, audited', async () => {
		const { user, cookie } = await admin()
		const response = await callAction(upload(PNG, 'pixel.png', 'image/png', cookie))
		expect(response.status).toBe(201)
		const body = (await response.json()) as { id: string; url: string; name: string; size: number; mediaType: string }
		expect(body.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
		expect(body).toEqual({ id: body.id, url: `/files/${body.id}`, name: 'pixel.png', size: PNG.length, mediaType: 'image/png' })
		const stored = await prisma.storedFile.findUniqueOrThrow({ where: { id: body.id } })
		expect(stored.kept).toBe(true)
		expect(stored.uploadedById).toBe(user.id)
		expect(Buffer.from(stored.data).equals(PNG)).toBe(true)
		const entries = await prisma.auditLog.findMany({ where: { action: 'file.upload' } })
		expect(entries).toHaveLength(1)
		expect(entries[0]!.target).toBe(`file:${body.id}`)
	})

	test('the declared type is ignored: a PNG sent as text/plain is stored as image/png', async () => {
		const { cookie } = await admin()
		const response = await callAction(upload(PNG, 'photo', 'text/plain', cookie))
		expect(response.status).toBe(201)
		expect(((await response.json()) as { mediaType: string }).mediaType).toBe('image/png')
	})

	test.each([
		['HTML named .png', Buffer.from('<!doctype html><script>alert(1)</script>')],
		['SVG named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>')],
		['an executable named .png', Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00', 'latin1')],
	])('%s → 415, nothing stored', async (_name, bytes) => {
		const { cookie } = await admin()
		const response = await callAction(upload(bytes, 'innocent.png', 'image/png', cookie))
		expect(response.status).toBe(415)
		const body = (await response.json()) as { message: string; code: string; status: number }
		expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE')
		expect(body.status).toBe(415)
		expect(body.message).toMatch(/not a PNG, JPEG, GIF, WebP or AVIF image/)
		expect(await prisma.storedFile.count()).toBe(0)
	})

	test('an SVG sent as image/svg+xml → 415', async () => {
		const { cookie } = await admin()
		const response = await callAction(upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', 'image/svg+xml', cookie))
		expect(response.status).toBe(415)
		expect(await prisma.storedFile.count()).toBe(0)
	})

	test('over the admin upload limit → 413 naming the limit, nothing stored', async () => {
		const { cookie } = await admin()
		await updateSiteSettings({ uploadLimitMb: 1 })
		const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])
		const response = await callAction(upload(big, 'big.png', 'image/png', cookie))
		expect(response.status).toBe(413)
		const body = (await response.json()) as { message: string; code: string }
		expect(body.code).toBe('PAYLOAD_TOO_LARGE')
		expect(body.message).toBe('The image is too large (limit 1 MB).')
		expect(await prisma.storedFile.count()).toBe(0)
	})

	test('a file just under the limit is accepted', async () => {
		const { cookie } = await admin()
		await updateSiteSettings({ uploadLimitMb: 1 })
		const fits = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)])
		expect((await callAction(upload(fits, 'fits.png', 'image/png', cookie))).status).toBe(201)
	})

	test('no file → 400', async () => {
		const { cookie } = await admin()
		const response = await callAction(makeRequest('/admin/posts/images', { method: 'POST', body: new FormData(), cookie }))
		expect(response.status).toBe(400)
	})

	test('anonymous and non-admin uploads are redirected to /login, nothing stored', async () => {
		const user = await createUser()
		const { cookie } = await loginAs(user.id)
		for (const request of [upload(PNG, 'a.png', 'image/png'), upload(PNG, 'a.png', 'image/png', cookie)]) {
			const response = await callAction(request)
			expect(response).toHaveRedirect(/^\/login/)
		}
		expect(await prisma.storedFile.count()).toBe(0)
		expect(await prisma.auditLog.count()).toBe(0)
	})

	test('GET answers 405 to an admin and redirects others', async () => {
		const { cookie } = await admin()
		const response = (await imagesRoute.loader({ request: makeRequest('/admin/posts/images', { cookie }), params: {}, context: context() } as never)) as Response
		expect(response.status).toBe(405)
		await expect(imagesRoute.loader({ request: makeRequest('/admin/posts/images'), params: {}, context: context() } as never)).rejects.toMatchObject({ status: 302 })
	})
})

describe('GET /files/<id>', () => {
	test('serves the bytes with the stored type, nosniff, a sandbox CSP, an inline name and long caching', async () => {
		const file = await storeFile({ name: 'Ünïcode "name".png', mediaType: 'image/png', data: PNG, kept: true })
		const response = await getFile(file.id)
		expect(response.status).toBe(200)
		expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true)
		expect(response.headers.get('Content-Type')).toBe('image/png')
		expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
		expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
		expect(response.headers.get('Content-Disposition')).toBe(`inline; filename="_n_code name.png"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20name.png`)
		expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
	})

	test('unknown, malformed and expired ids → 404', async () => {
		expect((await getFile('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
		expect((await getFile('../../etc/passwd')).status).toBe(404)
		const old = await storeFile({ name: 'old.png', mediaType: 'image/png', data: PNG, kept: false })
		await prisma.storedFile.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 2 * HOUR) } })
		const response = await getFile(old.id)
		expect(response.status).toBe(404)
		expect(((await response.json()) as { code: string }).code).toBe('NOT_FOUND')
	})

	test('a kept file over 1 MiB (a blog image) is stored a chunk a row, all or nothing, sent back whole, and its chunks go with it', async () => {
		const data = randomBytes(2 * FILE_CHUNK_BYTES + 12_345)
		const file = await storeFile({ name: 'big.png', mediaType: 'image/png', data, kept: true })
		const row = await prisma.storedFile.findUniqueOrThrow({ where: { id: file.id } })
		expect(row.chunkCount).toBe(3)
		expect(row.data.byteLength).toBe(0)
		const chunks = await prisma.storedFileChunk.findMany({ where: { fileId: file.id }, orderBy: { index: 'asc' }, select: { index: true, data: true } })
		expect(chunks.map((chunk) => [chunk.index, chunk.data.byteLength])).toEqual([[0, FILE_CHUNK_BYTES], [1, FILE_CHUNK_BYTES], [2, 12_345]])
		const response = await getFile(file.id)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Length')).toBe(String(data.byteLength))
		expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true)
		// Exactly one chunk's worth stays in the row.
		const small = await storeFile({ name: 'edge.png', mediaType: 'image/png', data: randomBytes(FILE_CHUNK_BYTES), kept: true })
		expect((await prisma.storedFile.findUniqueOrThrow({ where: { id: small.id } })).chunkCount).toBe(0)
		// Deleting the file (the sweep, DELETE, an account's deletion) deletes its chunks.
		await prisma.storedFile.deleteMany({ where: { id: file.id } })
		expect(await prisma.storedFileChunk.count({ where: { fileId: file.id } })).toBe(0)
	})

	test('a file deleted while it is being sent ends the body with an error, not with other bytes', async () => {
		const data = randomBytes(4 * FILE_CHUNK_BYTES)
		const file = await storeFile({ name: 'big.png', mediaType: 'image/png', data, kept: true })
		// The loader's own Response (callRoute would read it whole first).
		const response = (await filesRoute.loader({ request: makeRequest(`/files/${file.id}`), params: { id: file.id }, context: context() } as never)) as Response
		const reader = response.body!.getReader()
		const first = await reader.read()
		expect(first.value?.byteLength).toBe(FILE_CHUNK_BYTES)
		await prisma.storedFile.deleteMany({ where: { id: file.id } })
		// The stream may have fetched the next chunk already; after that, the body ends in an error.
		let received = first.value!.byteLength
		const ended = (async () => {
			for (;;) {
				const { done, value } = await reader.read()
				if (done) return 'done'
				expect(Buffer.from(value).equals(data.subarray(received, received + value.byteLength))).toBe(true)
				received += value.byteLength
			}
		})()
		await expect(ended).rejects.toThrow(/chunk \d is gone/)
		expect(received).toBeLessThan(data.byteLength)
	})

	test('a large result (not kept): with PostgreSQL in chunks, with the embedded database a file beside it', async () => {
		const data = randomBytes(FILE_CHUNK_BYTES + 1)
		const file = await storeFile({ name: 'result.pdf', mediaType: 'application/pdf', data, kept: false })
		const row = await prisma.storedFile.findUniqueOrThrow({ where: { id: file.id } })
		const directory = blobDirectory()
		expect(row.onDisk).toBe(directory !== null)
		expect(row.chunkCount).toBe(directory ? 0 : 2)
		const response = await getFile(file.id)
		expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true)
		if (!directory) return
		expect(existsSync(path.join(directory, file.id))).toBe(true)
		// Deleted with its row.
		expect(await deleteStoredFile(file.id)).toBe(true)
		expect(existsSync(path.join(directory, file.id))).toBe(false)
		// A blob whose file is missing is a 404, not a cut download.
		const gone = await storeFile({ name: 'result.pdf', mediaType: 'application/pdf', data, kept: false })
		rmSync(path.join(directory, gone.id))
		expect((await getFile(gone.id)).status).toBe(404)
	})

	test.skipIf(!blobDirectory())("the sweep removes expired results' blobs and blobs left without a row, and keeps the rest", async () => {
		const directory = blobDirectory()!
		const data = randomBytes(FILE_CHUNK_BYTES + 1)
		const fresh = await storeFile({ name: 'fresh.pdf', mediaType: 'application/pdf', data, kept: false })
		const expired = await storeFile({ name: 'old.pdf', mediaType: 'application/pdf', data, kept: false, expiresAt: new Date(Date.now() - 1000) })
		// A blob without a row, from before the last ten minutes (a crash between the blob and its row).
		const orphan = path.join(directory, 'AAAAAAAAAAAAAAAAAAAAAA')
		writeFileSync(orphan, 'left over')
		const longAgo = new Date(Date.now() - 3 * HOUR)
		utimesSync(orphan, longAgo, longAgo)
		expect(await purgeExpiredFiles()).toBe(1)
		expect(existsSync(path.join(directory, expired.id))).toBe(false)
		expect(existsSync(orphan)).toBe(false)
		expect(existsSync(path.join(directory, fresh.id))).toBe(true)
		expect((await getFile(fresh.id)).status).toBe(200)
	})

	test('a file not kept is served within its retention, with short private caching', async () => {
		const file = await storeFile({ name: 'recent.png', mediaType: 'image/png', data: PNG, kept: false })
		const response = await getFile(file.id)
		expect(response.status).toBe(200)
		expect(response.headers.get('Cache-Control')).toBe('private, max-age=300')
	})
})

describe('names and retention', () => {
	test('file names lose paths, control and bidi characters, and are bounded', () => {
		expect(cleanFileName('../../etc/passwd')).toBe('passwd')
		expect(cleanFileName('..\\..\\win.ini')).toBe('win.ini')
		expect(cleanFileName('evil\u202egnp.exe')).toBe('evilgnp.exe')
		expect(cleanFileName('a\u0000b.png')).toBe('ab.png')
		expect(cleanFileName('x'.repeat(1000))).toHaveLength(120)
		expect(cleanFileName('')).toBe('image')
		expect(contentDisposition('a";filename=x.html')).toBe(`inline; filename="a__filename=x.html"; filename*=UTF-8''a%22%3Bfilename%3Dx.html`)
	})

	test('purgeExpiredFiles deletes files not kept past the retention period, nothing else', async () => {
		await updateSiteSettings({ fileRetentionHours: 2 })
		const now = new Date()
		const expired = await storeFile({ name: 'expired.png', mediaType: 'image/png', data: PNG, kept: false })
		const fresh = await storeFile({ name: 'fresh.png', mediaType: 'image/png', data: PNG, kept: false })
		const kept = await storeFile({ name: 'kept.png', mediaType: 'image/png', data: PNG, kept: true })
		await prisma.storedFile.update({ where: { id: expired.id }, data: { createdAt: new Date(now.getTime() - 3 * HOUR) } })
		await prisma.storedFile.update({ where: { id: fresh.id }, data: { createdAt: new Date(now.getTime() - 1 * HOUR) } })
		await prisma.storedFile.update({ where: { id: kept.id }, data: { createdAt: new Date(now.getTime() - 1000 * HOUR) } })
		expect(await purgeExpiredFiles(now)).toBe(1)
		const left = (await prisma.storedFile.findMany({ select: { id: true } })).map((file) => file.id).sort()
		expect(left).toEqual([fresh.id, kept.id].sort())
	})
})

describe('the storage quota of an address', () => {
	// A stored result that fills its owner's whole quota (only the size and expiry count).
	async function fillQuotaOf(clientIp: string) {
		const quota = getEnv().RESULT_QUOTA_MB * 1024 * 1024
		await prisma.storedFile.create({
			data: { id: 'quotafill000000000000', name: 'seed.pdf', mediaType: 'application/pdf', size: quota, data: new Uint8Array(0), tool: 'pdf-converter', ownerKey: resultOwnerKey(null, clientIp), expiresAt: new Date(Date.now() + HOUR) },
		})
	}

	test('two IPv6 addresses of one /64 share one quota; another /64 has its own', async () => {
		await fillQuotaOf('2001:db8::1')
		await expect(checkResultRoom(resultOwnerKey(null, '2001:db8::2'), 0)).rejects.toMatchObject({ code: 'RATE_LIMITED', details: { reason: 'quota' } })
		await expect(checkResultRoom(resultOwnerKey(null, '2001:0DB8:0:0:ffff::2'), 0)).rejects.toMatchObject({ code: 'RATE_LIMITED' })
		await expect(checkResultRoom(resultOwnerKey(null, '2001:db8:0:1::1'), 0)).resolves.toBeUndefined()
	})

	test('an IPv4 address and its IPv4-mapped IPv6 form share one quota; another IPv4 address has its own', async () => {
		await fillQuotaOf('203.0.113.7')
		await expect(checkResultRoom(resultOwnerKey(null, '::ffff:203.0.113.7'), 0)).rejects.toMatchObject({ code: 'RATE_LIMITED' })
		await expect(checkResultRoom(resultOwnerKey(null, '203.0.113.8'), 0)).resolves.toBeUndefined()
	})
})
