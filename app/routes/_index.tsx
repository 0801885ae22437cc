import { Link, type MetaFunction } from '@remix-run/react'
import { Icon } from '#app/components/icon.tsx'
import { ToolCard } from '#app/components/tool-card.tsx'
import { useRootData } from '#app/root.tsx'
import { liveGroups, liveTools } from '#app/tools/registry.ts'
import { pageSeo } from '#app/utils/seo.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, {
		description:
			'Free online converters and developer tools that run in your browser: fast, private and correct. No sign-up needed.',
		path: '/',
	})

const promises = [
	{ title: 'Fast', text: 'Text tools run in your browser as you type. Pages are small and render on the server.' },
	{ title: 'Private', text: 'What you paste into a text tool never leaves your device. Uploaded files are deleted automatically.' },
	{ title: 'Correct', text: 'Tested against the reference tools of each format, so a converter never quietly changes your data.' },
]

export default function Home() {
	const root = useRootData()
	return (
		<div className="page-container">
			<section className="max-w-3xl py-6 lg:py-10">
				<h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{root?.siteName ?? 'ToolNest'}</h1>
				<p className="mt-4 text-lg text-muted">
					{root?.tagline}. Convert documents, format and encode data, and tidy up text, for free and without an account.
				</p>
				<div className="mt-6 flex flex-wrap gap-3">
					<Link to="/tools" className="button-primary">
						<Icon name="wrench" />
						Browse all tools
					</Link>
					<Link to="/about" className="button-secondary">
						About the site
					</Link>
				</div>
			</section>

			{liveTools.length > 0 ? (
				<section aria-labelledby="popular-tools" className="mt-6">
					<h2 id="popular-tools" className="text-2xl font-semibold">
						Tools
					</h2>
					<ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="home-tools">
						{liveTools.map((tool) => (
							<li key={tool.slug}>
								<ToolCard tool={tool} />
							</li>
						))}
					</ul>
					{liveGroups.length > 0 ? (
						<p className="mt-4 text-sm text-muted">
							By group:{' '}
							{liveGroups.map((group, index) => (
								<span key={group.id}>
									{index > 0 ? ', ' : null}
									<Link to={group.href ?? '/tools'} className="link">
										{group.name}
									</Link>
								</span>
							))}
						</p>
					) : null}
				</section>
			) : null}

			<section aria-labelledby="why" className="mt-12">
				<h2 id="why" className="text-2xl font-semibold">
					Why use these tools
				</h2>
				<ul className="mt-4 grid gap-4 md:grid-cols-3">
					{promises.map((promise) => (
						<li key={promise.title} className="card">
							<h3 className="font-semibold">{promise.title}</h3>
							<p className="mt-2 text-sm text-muted">{promise.text}</p>
						</li>
					))}
				</ul>
			</section>
			{/* The latest posts join this page with the blog (issue 5). */}
		</div>
	)
}
