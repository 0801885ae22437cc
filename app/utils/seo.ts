/**
 * One helper for every page's head: title, description, canonical URL, Open
 * Graph and Twitter tags. The origin comes from the root loader (SITE_URL),
 * never from request headers, so a spoofed Host cannot change a canonical link.
 */
import { type MetaDescriptor } from '@remix-run/react'

export type SeoInput = {
	/** The page's own title; the site name is appended (the home page passes none). */
	title?: string
	description: string
	/** Path of the page, e.g. `/tools`; query and hash are never part of a canonical URL. */
	path: string
	siteName: string
	origin: string
	type?: 'website' | 'article'
	image?: string
	noIndex?: boolean
}

export function seo({ title, description, path, siteName, origin, type = 'website', image, noIndex }: SeoInput): Array<MetaDescriptor> {
	const fullTitle = title ? `${title} | ${siteName}` : siteName
	const url = `${origin}${path === '/' ? '/' : path.replace(/\/+$/, '')}`
	const imageUrl = `${origin}${image ?? '/og-image.png'}`
	const tags: Array<MetaDescriptor> = [
		{ title: fullTitle },
		{ name: 'description', content: description },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:type', content: type },
		{ property: 'og:site_name', content: siteName },
		{ property: 'og:title', content: fullTitle },
		{ property: 'og:description', content: description },
		{ property: 'og:url', content: url },
		{ property: 'og:image', content: imageUrl },
		{ name: 'twitter:card', content: 'summary_large_image' },
		{ name: 'twitter:title', content: fullTitle },
		{ name: 'twitter:description', content: description },
		{ name: 'twitter:image', content: imageUrl },
	]
	if (noIndex) tags.push({ name: 'robots', content: 'noindex' })
	return tags
}

type RootData = { siteName: string; origin: string }

/**
 * For route `meta` functions: reads the site name and origin from the root
 * loader's data (present even when the page's own loader failed).
 */
export function pageSeo(
	matches: ReadonlyArray<{ id: string; data: unknown } | undefined>,
	page: Omit<SeoInput, 'siteName' | 'origin'>,
): Array<MetaDescriptor> {
	const root = matches.find((match) => match?.id === 'root')?.data as Partial<RootData> | undefined
	return seo({ ...page, siteName: root?.siteName ?? 'ToolNest', origin: root?.origin ?? '' })
}
