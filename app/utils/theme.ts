/**
 * The theme on the client: one tiny store over <html class="dark">, which the
 * inline script in root.tsx sets before the first paint. Toggling writes
 * localStorage `theme` (SPEC.md §9) and mirrors it to the `theme` cookie so the
 * server renders the same theme on the next request.
 */
import { useSyncExternalStore } from 'react'

export type Theme = 'dark' | 'light'

const listeners = new Set<() => void>()

function readDomTheme(): Theme {
	return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

export function applyTheme(theme: Theme) {
	const root = document.documentElement
	root.classList.toggle('dark', theme === 'dark')
	root.style.colorScheme = theme
	try {
		localStorage.setItem('theme', theme)
	} catch {
		// Storage can be disabled (private mode); the cookie still carries it.
	}
	document.cookie = `theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`
	for (const listener of listeners) listener()
}

/** The theme shown now; `serverTheme` is what the server rendered (null: not known to it). */
export function useTheme(serverTheme: Theme | null): Theme {
	return useSyncExternalStore(
		(listener) => {
			listeners.add(listener)
			return () => listeners.delete(listener)
		},
		readDomTheme,
		() => serverTheme ?? 'light',
	)
}

/** The site's default theme (admin setting): "system" follows the device. */
export type DefaultTheme = 'system' | 'light' | 'dark'

/**
 * Runs in <head> before the body is parsed: the stored theme (localStorage,
 * else the cookie a no-JavaScript toggle wrote), else the site's default
 * theme, which is the system preference when it is "system". The default is
 * never stored, so a later change of the setting reaches visitors who never
 * chose. Kept as a string so it can be inlined with the CSP nonce.
 */
export function themeScriptFor(defaultTheme: DefaultTheme): string {
	// Only the three known values reach the script (never text from elsewhere).
	const fallback =
		defaultTheme === 'dark' ? `'dark'` : defaultTheme === 'light' ? `'light'` : `(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')`
	return `(function(){try{var d=document.documentElement,s=null;try{s=localStorage.getItem('theme')}catch(e){}var m=document.cookie.match(/(?:^|; )theme=(dark|light)/),c=m?m[1]:null;if(s!=='dark'&&s!=='light'){s=c;if(s)try{localStorage.setItem('theme',s)}catch(e){}}var t=s||${fallback};d.classList.toggle('dark',t==='dark');d.style.colorScheme=t;if(s&&s!==c)document.cookie='theme='+s+'; Path=/; Max-Age=31536000; SameSite=Lax'}catch(e){}})()`
}

/** The script for the "system" default (today's behaviour). */
export const themeScript = themeScriptFor('system')
