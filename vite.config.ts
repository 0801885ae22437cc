import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { isHarmlessBuildWarning } from './scripts/build-warnings.ts'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

export default defineConfig(({ command }) => ({
	// A build prints its warnings and errors, not the size of each of its 150
	// files (the first `npm start` builds; the dev server keeps its messages).
	logLevel: command === 'build' ? 'warn' : 'info',
	build: {
		rollupOptions: {
			// Node built-ins never belong in the browser bundle.
			external: [/^node:/],
			// Known warnings with nothing to act on are dropped (scripts/build-warnings.ts); the rest are printed.
			onwarn(warning, warn) {
				if (!isHarmlessBuildWarning(warning)) warn(warning)
			},
		},
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
}))
