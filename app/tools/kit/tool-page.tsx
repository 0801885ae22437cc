/**
 * The frame of every tool page, built from the tool's registry entry and its
 * content (kit/content.ts): title and description, the tool itself,
 * how-to, examples, FAQ, the API's curl example, related tools; and the
 * head: title, description, canonical, Open Graph and JSON-LD.
 */
import { Link, useRouteLoaderData, type MetaDescriptor, type MetaFunction } from '@remix-run/react'
import { type ReactNode } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { ToolCard } from '#app/tools/kit/tool-card.tsx'
import { type ToolContent } from '#app/tools/kit/content.ts'
import { getTool, liveTools, toolHref, type Tool } from '#app/tools/registry.ts'
import { pageSeo } from '#app/utils/seo.ts'

type MetaMatches = ReadonlyArray<{ id: string; data: unknown } | undefined>

export function toolTitle(content: ToolContent): string {
	return content.title ?? getTool(content.slug)?.name ?? content.slug
}

/** A tool page's `meta` export: `export const meta = toolPageMeta(content)`. */
export function toolPageMeta(content: ToolContent): MetaFunction {
	return ({ matches }) => toolMeta(matches, content)
}

/** The tool page's head: SEO tags plus JSON-LD `WebApplication` and `FAQPage`. */
export function toolMeta(matches: MetaMatches, content: ToolContent): Array<MetaDescriptor> {
	const tool = getTool(content.slug)
	const description = tool?.description ?? ''
	const path = `/tools/${content.slug}`
	const tags = pageSeo(matches, { title: toolTitle(content), description, path })
	const root = matches.find((match) => match?.id === 'root')?.data as { origin?: string; siteName?: string } | undefined
	const url = `${root?.origin ?? ''}${path}`
	tags.push({
		'script:ld+json': {
			'@context': 'https://schema.org',
			'@type': 'WebApplication',
			name: toolTitle(content),
			description,
			url,
			applicationCategory: 'DeveloperApplication',
			operatingSystem: 'Any (runs in the browser)',
			browserRequirements: 'Works without JavaScript; faster with it.',
			isAccessibleForFree: true,
			offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
			publisher: { '@type': 'Organization', name: root?.siteName ?? 'ToolNest' },
		},
	})
	tags.push({
		'script:ld+json': {
			'@context': 'https://schema.org',
			'@type': 'FAQPage',
			mainEntity: content.faq.map(({ question, answer }) => ({
				'@type': 'Question',
				name: question,
				acceptedAnswer: { '@type': 'Answer', text: answer },
			})),
		},
	})
	return tags
}

/**
 * `api` replaces the section on `POST /api/tools/<slug>` for a tool with an
 * API of its own (such as the Markdown to DOCX converter's multipart one).
 */
export function ToolPage({ content, lead, api, children }: { content: ToolContent; lead?: ReactNode; api?: ReactNode; children: ReactNode }) {
	const tool = getTool(content.slug)
	const related = relatedToolsFor(tool)
	return (
		<div className="page-container">
			<h1 className="text-3xl font-bold tracking-tight">{toolTitle(content)}</h1>
			<p className="mt-3 max-w-3xl text-muted">
				{tool?.description} {lead}
			</p>

			<div className="mt-8">{children}</div>

			<section aria-labelledby="how-to" className="mt-12 max-w-3xl">
				<h2 id="how-to" className="text-xl font-semibold">
					{content.howTo.title}
				</h2>
				<ol className="mt-4 list-decimal space-y-2 pl-6">
					{content.howTo.steps.map((step) => (
						<li key={step}>{step}</li>
					))}
				</ol>
			</section>

			{content.examples.length > 0 ? (
				<section aria-labelledby="examples" className="mt-12 max-w-3xl">
					<h2 id="examples" className="text-xl font-semibold">
						Examples
					</h2>
					<ul className="mt-4 space-y-4">
						{content.examples.map((example, index) => (
							<li key={example.title} className="rounded-xl border border-border bg-surface p-4">
								<div className="flex flex-wrap items-baseline justify-between gap-2">
									<h3 className="font-medium">{example.title}</h3>
									{/* A link, so it works without JavaScript: the page opens with the example filled in. */}
									<Link to={`?example=${index + 1}`} className="text-sm font-medium text-accent underline-offset-4 hover:underline" preventScrollReset replace>
										Try it
									</Link>
								</div>
								{example.note ? <p className="mt-1 text-sm text-muted">{example.note}</p> : null}
								<pre tabIndex={0} aria-label={`${example.title}: input`} className="mt-3 max-h-40 overflow-auto rounded-lg bg-surface-2 p-3 font-mono text-sm whitespace-pre-wrap break-all">{example.input}</pre>
							</li>
						))}
					</ul>
				</section>
			) : null}

			<section aria-labelledby="faq" className="mt-12 max-w-3xl">
				<h2 id="faq" className="text-xl font-semibold">
					Questions and answers
				</h2>
				<div className="mt-4 divide-y divide-border rounded-xl border border-border bg-surface">
					{content.faq.map(({ question, answer }) => (
						<details key={question} className="group p-4">
							<summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
								{question}
								<Icon name="chevron-right" className="size-5 shrink-0 text-muted transition-transform group-open:rotate-90" />
							</summary>
							<p className="mt-3 text-muted">{answer}</p>
						</details>
					))}
				</div>
			</section>

			{api ?? (content.api ? <ToolApiExample content={content} api={content.api} /> : null)}

			{related.length > 0 ? (
				<section aria-labelledby="related-tools" className="mt-12">
					<h2 id="related-tools" className="text-xl font-semibold">
						Related tools
					</h2>
					<ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
						{related.map((other) => (
							<li key={other.slug}>
								<ToolCard tool={other} />
							</li>
						))}
					</ul>
				</section>
			) : null}
		</div>
	)
}

function ToolApiExample({ content, api }: { content: ToolContent; api: NonNullable<ToolContent['api']> }) {
	const root = useRouteLoaderData('root') as { origin?: string } | undefined
	const body = JSON.stringify({ input: api.input, options: api.options })
	// Single quotes in the body are closed, escaped and reopened for the shell.
	const curl = `curl -X POST ${root?.origin ?? ''}/api/tools/${content.slug} \\\n  -H 'Content-Type: application/json' \\\n  -d '${body.replaceAll("'", `'\\''`)}'`
	return (
		<section aria-labelledby="api" className="mt-12 max-w-3xl">
			<h2 id="api" className="text-xl font-semibold">
				Use it from your code
			</h2>
			<p className="mt-3 text-muted">
				The same tool answers <code className="font-mono text-fg">POST /api/tools/{content.slug}</code> with JSON: send{' '}
				<code className="font-mono text-fg">{'{ "input": "…", "options": { … } }'}</code> (up to 10 MB of text) and get{' '}
				<code className="font-mono text-fg">{'{ "output": "…" }'}</code> back, or an error with its line and column. No account needed.
				{api.note ? ` ${api.note}` : null}
			</p>
			{/* Focusable: it scrolls sideways on a phone, and keyboard users must be able to scroll it too. */}
			<pre tabIndex={0} aria-label="curl example" className="mt-4 overflow-x-auto rounded-lg bg-surface-2 p-4 font-mono text-sm" data-testid="tool-curl">
				{curl}
			</pre>
		</section>
	)
}

/** Other live tools: the same group first, then the rest in registry order. */
function relatedToolsFor(tool: Tool | undefined): Array<Tool> {
	const others = liveTools.filter((other) => other.slug !== tool?.slug)
	const group = tool?.group
	return [...others.filter((other) => other.group === group), ...others.filter((other) => other.group !== group)].slice(0, 6)
}

