import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useRouteError,
	useLocation,
	useRouteLoaderData,
	type MetaFunction,
} from '@remix-run/react'
import { type ReactNode } from 'react'
import { AuthSync } from './accounts/auth-sync.tsx'
import { ErrorScreen, NotFound } from './components/error-screens.tsx'
import { AnnouncementBanner } from './shell/announcement.tsx'
import { Footer } from './shell/footer.tsx'
import { LoadingIndicator } from './shell/loading-indicator.tsx'
import { type ShellUser } from './shell/nav-links.tsx'
import { ScrollToTop } from './shell/scroll-to-top.tsx'
import { ToolSidebar } from './shell/tool-sidebar.tsx'
import { TopBar } from './shell/top-bar.tsx'
import { ToastProvider } from './components/toaster.tsx'
import stylesheet from './styles/app.css?url'
import { getEnv } from './utils/env.server.ts'
import { useNonce } from './utils/nonce.tsx'
import { getSidebarState, getTheme } from './utils/preferences.server.ts'
import { getAuthState, SESSION_UNVERIFIED_MESSAGE } from './accounts/auth.server.ts'
import { getSiteSettingsForPage } from './site/settings.server.ts'
import { themeScriptFor, useTheme } from './utils/theme.ts'
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
	// None of these throws: with the database down, pages that need nothing
	// else (the tools) still render, with the last known settings.
	const [{ settings }, { toast, headers: toastHeaders }, auth] = await Promise.all([
		getSiteSettingsForPage(),
		getToast(request),
		getAuthState(request),
	])
	const headers = new Headers()
	for (const cookie of toastHeaders?.getSetCookie() ?? []) headers.append('Set-Cookie', cookie)
	// A dead session cookie is cleared; a renewed session gets its cookie again.
	if (auth.setCookie) headers.append('Set-Cookie', auth.setCookie)
	let user: ShellUser = null
	if (auth.status === 'authenticated') user = { id: auth.user.id, name: auth.user.name, role: auth.user.role }
	// The database cannot say who this is: they stay signed in (the cookie is
	// kept) with no admin rights shown, and are told why.
	if (auth.status === 'unverified') user = { id: '', name: '', role: 'user' }
	return data(
		{
			siteName: settings.siteName,
			tagline: settings.tagline,
			origin: getEnv().SITE_URL,
			theme: getTheme(request, settings.defaultTheme),
			defaultTheme: settings.defaultTheme,
			announcement: settings.announcement,
			registrationOpen: settings.registrationOpen,
			sidebar: getSidebarState(request),
			toast,
			year: new Date().getFullYear(),
			user,
			sessionError: auth.status === 'unverified' ? SESSION_UNVERIFIED_MESSAGE : null,
		},
		{ headers },
	)
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
	const headers = new Headers()
	// Ask Chromium-based browsers for the colour-scheme hint, so even a first
	// visit without a cookie renders the system theme on the first byte.
	headers.set('Accept-CH', 'Sec-CH-Prefers-Color-Scheme')
	headers.set('Vary', 'Cookie, Sec-CH-Prefers-Color-Scheme')
	// A Response thrown by a page (a 503 when the session cannot be verified)
	// keeps its Retry-After and Cache-Control on the error screen.
	const retryAfter = errorHeaders?.get('Retry-After')
	if (retryAfter) headers.set('Retry-After', retryAfter)
	const cacheControl = errorHeaders?.get('Cache-Control') ?? loaderHeaders.get('Cache-Control')
	headers.set('Cache-Control', cacheControl ?? 'private, no-cache')
	return headers
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>['data']

export function useRootData(): RootLoaderData | undefined {
	return useRouteLoaderData<typeof loader>('root') ?? undefined
}

const fallbackShell = {
	siteName: 'ToolNest',
	tagline: '',
	theme: null,
	sidebar: 'open',
	user: null,
	sessionError: null,
	announcement: '',
	registrationOpen: true,
} as const

export function Layout({ children }: { children: ReactNode }) {
	const root = useRootData()
	const nonce = useNonce()
	const theme = useTheme(root?.theme ?? null)
	return (
		<html lang="en" className={theme === 'dark' ? 'dark' : undefined} style={{ colorScheme: theme }} suppressHydrationWarning>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScriptFor(root?.defaultTheme ?? 'system') }} />
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
	const location = useLocation()
	const shell = root ?? fallbackShell
	return (
		<ToastProvider serverToast={root?.toast ?? null}>
			<a href="#main" className="skip-link">
				Skip to content
			</a>
			<LoadingIndicator />
			<TopBar siteName={shell.siteName} user={shell.user} serverTheme={shell.theme} registrationOpen={shell.registrationOpen} />
			{root ? <AuthSync userId={root.sessionError ? undefined : (root.user?.id ?? null)} /> : null}
			<div className="flex flex-1 flex-col pt-16">
				<AnnouncementBanner text={shell.announcement} />
				{shell.sessionError ? (
					<p role="alert" className="border-b border-border bg-accent-soft px-4 py-2 text-center text-sm font-medium text-fg">
						{shell.sessionError}
					</p>
				) : null}
				<div className="flex flex-1">
					<main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
						{children}
					</main>
					{/* The admin area has its own side panel. */}
					{location.pathname.startsWith('/admin') ? null : <ToolSidebar serverState={shell.sidebar} />}
				</div>
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
