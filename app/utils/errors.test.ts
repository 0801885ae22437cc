import { describe, expect, test } from 'vitest'
import { AppError, codeForStatus, ERROR_CATALOGUE, errorFromResponse } from './errors.ts'
import { errorResponse, toErrorResponse } from './errors.server.ts'

describe('the error catalogue (SPEC.md §8)', () => {
	test('has the statuses and default messages of the spec', () => {
		expect(ERROR_CATALOGUE.VALIDATION_ERROR).toEqual({ status: 400, message: 'Validation failed' })
		expect(ERROR_CATALOGUE.AUTHENTICATION_ERROR).toEqual({ status: 401, message: 'Authentication failed' })
		expect(ERROR_CATALOGUE.AUTHORIZATION_ERROR).toEqual({ status: 403, message: 'Access denied' })
		expect(ERROR_CATALOGUE.NOT_FOUND).toEqual({ status: 404, message: 'Resource not found' })
		expect(ERROR_CATALOGUE.CONFLICT).toEqual({ status: 409, message: 'Resource conflict' })
		expect(ERROR_CATALOGUE.PAYLOAD_TOO_LARGE.status).toBe(413)
		expect(ERROR_CATALOGUE.RATE_LIMITED.status).toBe(429)
		expect(ERROR_CATALOGUE.INTERNAL_ERROR.status).toBe(500)
		expect(ERROR_CATALOGUE.NETWORK_ERROR).toEqual({ status: 0, message: 'Network request failed' })
	})

	test('maps statuses to codes, INTERNAL_ERROR by default', () => {
		expect(codeForStatus(400)).toBe('VALIDATION_ERROR')
		expect(codeForStatus(409)).toBe('CONFLICT')
		expect(codeForStatus(418)).toBe('INTERNAL_ERROR')
		expect(codeForStatus(0)).toBe('INTERNAL_ERROR')
	})

	test('prefers the server message and details, else the default, else the status text', () => {
		const fromServer = errorFromResponse(409, 'Conflict', { message: 'Slug taken', details: { field: 'slug' } })
		expect(fromServer.toJSON()).toEqual({ message: 'Slug taken', status: 409, code: 'CONFLICT', details: { field: 'slug' } })
		expect(errorFromResponse(401, 'Unauthorized', null).message).toBe('Authentication failed')
		expect(errorFromResponse(418, "I'm a teapot", 'not json').toJSON()).toEqual({
			message: "I'm a teapot",
			status: 418,
			code: 'INTERNAL_ERROR',
		})
		expect(errorFromResponse(502, '', undefined).message).toBe('Internal server error')
	})
})

describe('JSON error responses', () => {
	test('have the catalogue shape, JSON type and no caching', async () => {
		const response = errorResponse('VALIDATION_ERROR', undefined, [{ line: 1, column: 2 }])
		expect(response.status).toBe(400)
		expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		expect(await response.json()).toEqual({
			message: 'Validation failed',
			status: 400,
			code: 'VALIDATION_ERROR',
			details: [{ line: 1, column: 2 }],
		})
	})

	test('unknown errors become a generic 500 without internals', async () => {
		const original = console.error
		console.error = () => {}
		try {
			const response = toErrorResponse(new Error('connect ECONNREFUSED 10.0.0.5:5432 password=secret'))
			expect(response.status).toBe(500)
			const text = await response.text()
			expect(text).not.toContain('ECONNREFUSED')
			expect(JSON.parse(text)).toEqual({ message: 'Internal server error', status: 500, code: 'INTERNAL_ERROR' })
		} finally {
			console.error = original
		}
	})

	test('AppErrors keep their status and message', async () => {
		const response = toErrorResponse(new AppError('PAYLOAD_TOO_LARGE', 'Input is larger than 10 MB'))
		expect(response.status).toBe(413)
		expect((await response.json()).message).toBe('Input is larger than 10 MB')
	})
})
