import { Link, type MetaFunction } from '@remix-run/react'
import { useRootData } from '#app/root.tsx'
import { pageSeo } from '#app/utils/seo.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, {
		title: 'About',
		description: 'Who makes these free online tools, how they keep your data private, and how they stay fast and correct.',
		path: '/about',
	})

export default function About() {
	const root = useRootData()
	const siteName = root?.siteName ?? 'ToolNest'
	return (
		<article className="page-container max-w-3xl">
			<h1 className="text-3xl font-bold tracking-tight">About {siteName}</h1>
			<p className="mt-4 text-lg text-muted">
				{siteName} is a free collection of online converters and developer utilities: PDF and document converters,
				encoders and formatters for developers, and tools for text.
			</p>
			<h2 className="mt-10 text-xl font-semibold">Private by design</h2>
			<p className="mt-3">
				Text tools run entirely in your browser once the page has loaded, so what you paste stays on your device.
				Files you upload to a converter are processed on our server, stored under an unguessable id and deleted
				automatically after a short retention period. We never sell, share or train on what you convert.
			</p>
			<h2 className="mt-8 text-xl font-semibold">Fast and correct</h2>
			<p className="mt-3">
				Every page is rendered on the server and works before JavaScript loads, even on a slow phone. Each tool is
				tested against the reference implementation of its format, so formatting JSON never changes a number and
				converting a document never drops content.
			</p>
			<h2 className="mt-8 text-xl font-semibold">Free, without an account</h2>
			<p className="mt-3">
				You can use every tool without signing up. An account adds a profile; nothing else is held back.
			</p>
			<p className="mt-8">
				<Link to="/tools" className="button-primary">
					Browse the tools
				</Link>
			</p>
		</article>
	)
}
