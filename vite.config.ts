import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

export default defineConfig({
	build: {
		// Node built-ins never belong in the browser bundle.
		rollupOptions: { external: [/^node:/] },
		cssMinify: 'lightningcss',
	},
	// Tool workers are module workers that load each tool's code on demand (code splitting).
	worker: { format: 'es' },
	server: { port: 3000 },
	plugins: [
		tailwindcss(),
		remix({
			serverModuleFormat: 'esm',
			future: {
				v3_fetcherPersist: true,
				v3_relativeSplatPath: true,
				v3_throwAbortReason: true,
				v3_singleFetch: true,
				v3_lazyRouteDiscovery: true,
				v3_routeConfig: true,
			},
		}),
	],
})
