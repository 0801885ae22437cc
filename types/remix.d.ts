import '@remix-run/node'

declare module '@remix-run/node' {
	interface AppLoadContext {
		/** Per-request CSP nonce, set by server/app.ts. */
		cspNonce: string
		/**
		 * The client's IP address as Express sees it (req.ip: the socket's
		 * address, or X-Forwarded-For's only when TRUST_PROXY says the proxy
		 * is trusted), the key of per-client rate limits.
		 */
		clientIp: string
	}
}
