import { createServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { apiRequest, downloadBlob, uploadForm } from './api-client.ts'
import { AppError } from './errors.ts'

// A real HTTP server on loopback stands in for the API: no fetch mocking.
let server: Server
let base: string

beforeAll(async () => {
	server = createServer((req, res) => {
		const send = (status: number, body: string, type = 'application/json') => {
			res.writeHead(status, { 'Content-Type': type })
			res.end(body)
		}
		if (req.url === '/ok') return send(200, JSON.stringify({ hello: 'world', method: req.method, type: req.headers['content-type'] ?? null }))
		if (req.url === '/empty') return send(204, '')
		if (req.url === '/conflict') return send(409, JSON.stringify({ message: 'Email already registered', status: 409, code: 'CONFLICT', details: { field: 'email' } }))
		if (req.url === '/bare-401') return send(401, '')
		if (req.url === '/html-502') return send(502, '<h1>Bad gateway</h1>', 'text/html')
		if (req.url === '/file') return send(200, 'binary-bytes', 'application/octet-stream')
		send(404, JSON.stringify({ message: 'API endpoint not found', status: 404, code: 'NOT_FOUND' }))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

async function rejection(promise: Promise<unknown>): Promise<AppError> {
	try {
		await promise
	} catch (error) {
		if (error instanceof AppError) return error
		throw error
	}
	throw new Error('expected a rejection')
}

describe('apiRequest', () => {
	test('sends JSON and returns JSON', async () => {
		expect(await apiRequest(`${base}/ok`, { body: { a: 1 } })).toEqual({ hello: 'world', method: 'POST', type: 'application/json' })
		expect(await apiRequest(`${base}/empty`, { method: 'POST' })).toBeUndefined()
	})

	test('uses the server message and details', async () => {
		const error = await rejection(apiRequest(`${base}/conflict`, { body: {} }))
		expect(error.toJSON()).toEqual({ message: 'Email already registered', status: 409, code: 'CONFLICT', details: { field: 'email' } })
	})

	test('falls back to the catalogue message for the status', async () => {
		const error = await rejection(apiRequest(`${base}/bare-401`))
		expect(error).toMatchObject({ status: 401, code: 'AUTHENTICATION_ERROR', message: 'Authentication failed' })
	})

	test('maps a network failure to NETWORK_ERROR, status 0', async () => {
		const closed = createServer()
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
		const port = (closed.address() as AddressInfo).port
		await new Promise<void>((resolve) => closed.close(() => resolve()))
		const error = await rejection(apiRequest(`http://127.0.0.1:${port}/anything`))
		expect(error.toJSON()).toEqual({ message: 'Network request failed', status: 0, code: 'NETWORK_ERROR' })
	})
})

describe('uploads and downloads', () => {
	test("say 'Upload failed' when the server gives no message", async () => {
		const error = await rejection(uploadForm(`${base}/html-502`, new FormData()))
		expect(error).toMatchObject({ message: 'Upload failed', status: 502 })
	})

	test('keep the server message when there is one', async () => {
		const error = await rejection(uploadForm(`${base}/conflict`, new FormData()))
		expect(error.message).toBe('Email already registered')
	})

	test("say 'Download failed' on an error without a message, and return the bytes otherwise", async () => {
		const error = await rejection(downloadBlob(`${base}/bare-401`))
		expect(error).toMatchObject({ message: 'Download failed', status: 401 })
		expect(await (await downloadBlob(`${base}/file`)).text()).toBe('binary-bytes')
	})

	test("say 'Upload failed' on a network failure too", async () => {
		const error = await rejection(uploadForm('http://127.0.0.1:9/nothing', new FormData()))
		expect(error).toMatchObject({ message: 'Upload failed', status: 0, code: 'NETWORK_ERROR' })
	})
})
