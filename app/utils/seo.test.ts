import { expect, test } from 'vitest'
import { pageSeo, seo } from './seo.ts'

test('builds title, description, canonical and social tags from one input', () => {
	const tags = seo({ title: 'All tools', description: 'Every tool', path: '/tools/', siteName: 'ToolNest', origin: 'https://example.com' })
	expect(tags).toContainEqual({ title: 'All tools | ToolNest' })
	expect(tags).toContainEqual({ name: 'description', content: 'Every tool' })
	expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://example.com/tools' })
	expect(tags).toContainEqual({ property: 'og:url', content: 'https://example.com/tools' })
	expect(tags).toContainEqual({ property: 'og:image', content: 'https://example.com/og-image.png' })
	expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
	expect(tags).not.toContainEqual({ name: 'robots', content: 'noindex' })
})

test('the home page title is the site name; the origin comes from the root data', () => {
	const tags = pageSeo([{ id: 'root', data: { siteName: 'Site', origin: 'https://site.test' } }], { description: 'd', path: '/' })
	expect(tags).toContainEqual({ title: 'Site' })
	expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://site.test/' })
})
