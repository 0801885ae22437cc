import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useRouteError,
	useRouteLoaderData,
	type MetaFunction,
} from '@remix-run/react'
import { type ReactNode } from 'react'
import { ErrorScreen, NotFound } from './components/error-screens.tsx'
import { Footer } from './components/shell/footer.tsx'
import { LoadingIndicator } from './components/shell/loading-indicator.tsx'
import { type ShellUser } from './components/shell/nav-links.tsx'
import { ScrollToTop } from './components/shell/scroll-to-top.tsx'
import { ToolSidebar } from './components/shell/tool-sidebar.tsx'
import { TopBar } from './components/shell/top-bar.tsx'
import { ToastProvider } from './components/toaster.tsx'
import stylesheet from './styles/app.css?url'
import { getEnv } from './utils/env.server.ts'
import { useNonce } from './utils/nonce.tsx'
import { getSidebarState, getTheme } from './utils/preferences.server.ts'
import { getSiteSettings } from './utils/settings.server.ts'
import { themeScript, useTheme } from './utils/theme.ts'
import { getToast } from './utils/toast.server.ts'

export const links: LinksFunction = () => [
	{ rel: 'stylesheet', href: stylesheet },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
	{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
	{ rel: 'manifest', href: '/site.webmanifest' },
]

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	const tags = [{ name: 'color-scheme', content: 'light dark' }]
	if (!error) return tags
	// Error and not-found screens still get a title (pages' own meta does not run for them).
	const notFound = isRouteErrorResponse(error) && error.status === 404
	const siteName = data?.siteName ?? 'ToolNest'
	return [...tags, { title: `${notFound ? 'Page not found' : 'Something went wrong'} | ${siteName}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request }: LoaderFunctionArgs) {
	const [settings, { toast, headers }] = await Promise.all([
		getSiteSettings().catch((error: unknown) => {
			// Database down: every page shows the error screen with a 503 until it is back.
			console.error('root loader: site settings unavailable:', error instanceof Error ? error.message : error)
			throw data(null, { status: 503, headers: { 'Retry-After': '5' } })
		}),
		getToast(request),
	])
	return data(
		{
			siteName: settings.siteName,
			tagline: settings.tagline,
			origin: getEnv().SITE_URL,
			theme: getTheme(request),
			sidebar: getSidebarState(request),
			toast,
			year: new Date().getFullYear(),
			// Accounts arrive with issue 3; until then every visitor is logged out.
			user: null as ShellUser,
		},
		{ headers: headers ?? undefined },
	)
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
	const headers = new Headers()
	// Ask Chromium-based browsers for the colour-scheme hint, so even a first
	// visit without a cookie renders the system theme on the first byte.
	headers.set('Accept-CH', 'Sec-CH-Prefers-Color-Scheme')
	headers.set('Vary', 'Cookie, Sec-CH-Prefers-Color-Scheme')
	const cacheControl = loaderHeaders.get('Cache-Control')
	headers.set('Cache-Control', cacheControl ?? 'private, no-cache')
	return headers
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>['data']

export function useRootData(): RootLoaderData | undefined {
	return useRouteLoaderData<typeof loader>('root') ?? undefined
}

const fallbackShell = { siteName: 'ToolNest', tagline: '', theme: null, sidebar: 'open', user: null } as const

export function Layout({ children }: { children: ReactNode }) {
	const root = useRootData()
	const nonce = useNonce()
	const theme = useTheme(root?.theme ?? null)
	return (
		<html lang="en" className={theme === 'dark' ? 'dark' : undefined} style={{ colorScheme: theme }} suppressHydrationWarning>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
				<Meta />
				<Links />
			</head>
			<body className="flex min-h-dvh flex-col bg-bg text-fg antialiased">
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

function Shell({ children }: { children: ReactNode }) {
	const root = useRootData()
	const shell = root ?? fallbackShell
	return (
		<ToastProvider serverToast={root?.toast ?? null}>
			<a href="#main" className="skip-link">
				Skip to content
			</a>
			<LoadingIndicator />
			<TopBar siteName={shell.siteName} user={shell.user} serverTheme={shell.theme} />
			<div className="flex flex-1 pt-16">
				<main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
					{children}
				</main>
				<ToolSidebar serverState={shell.sidebar} />
			</div>
			<Footer siteName={shell.siteName} tagline={shell.tagline} year={root?.year ?? new Date().getFullYear()} />
			<ScrollToTop />
		</ToastProvider>
	)
}

export default function App() {
	return (
		<Shell>
			<Outlet />
		</Shell>
	)
}

export function ErrorBoundary() {
	const error = useRouteError()
	return (
		<Shell>
			{isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ErrorScreen />}
		</Shell>
	)
}
