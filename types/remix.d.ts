import '@remix-run/node'

declare module '@remix-run/node' {
	interface AppLoadContext {
		/** Per-request CSP nonce, set by server/index.ts. */
		cspNonce: string
	}
}
