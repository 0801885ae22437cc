import { createContext, useContext } from 'react'

/** The per-request CSP nonce, for inline scripts rendered by the server. */
export const NonceContext = createContext<string>('')
export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
	return useContext(NonceContext)
}
