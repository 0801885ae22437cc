/**
 * MSW for everything outside this machine (today: Google). Vitest starts it
 * in tests/setup/setup-env.ts; the server under end-to-end test imports this
 * module when MOCKS=true (server/index.ts). Requests to loopback pass through;
 * any other unmocked request fails loudly, so no test can reach the internet.
 */
import { setupServer } from 'msw/node'
import { googleHandlers } from './google.ts'

export const mockServer = setupServer(...googleHandlers)

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

export function startMocks() {
	mockServer.listen({
		onUnhandledRequest(request, print) {
			if (LOOPBACK.has(new URL(request.url).hostname)) return
			print.error()
		},
	})
}

// Imported by the server with MOCKS=true: start at once.
if (process.env.MOCKS === 'true') {
	startMocks()
	console.log('MOCKS=true: third-party APIs (Google) are answered by tests/mocks')
}
