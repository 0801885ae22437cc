import { Form } from '@remix-run/react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolFeedback, ToolInput, ToolNotes, ToolOutput, ToolPanes, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { content } from './content.ts'
import { core, formatDuration, type KeywordOptions, type KeywordResult, type Phrase } from './core.ts'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)
/** Without JavaScript the form posts here; the same core runs in the worker pool. Nothing is stored. */
export const action = toolPageAction(core)

const defaults: KeywordOptions = { stopWords: true, top: 10 }

export default function KeywordDensity() {
	const tool = useToolPage<KeywordOptions, KeywordResult>({ slug: content.slug, defaults })
	const result = tool.error ? null : tool.result
	const n = (value: number) => value.toLocaleString('en-US')

	return (
		<ToolPage content={content} lead="Paste your text; the report updates as you type.">
			<Form {...tool.formProps} className="card p-4 sm:p-6" aria-label="Keyword density and readability">
				<div className="flex flex-wrap items-end gap-x-8 gap-y-4">
					<Checkbox
						id="keyword-stop-words"
						name="stopWords"
						checked={tool.options.stopWords}
						onChange={(event) => tool.setOption('stopWords', event.target.checked)}
						label="Leave out stop words"
						hint="the, and, of… (English) are not listed as keywords"
					/>
					<div>
						<label htmlFor="keyword-top" className="text-sm font-semibold">
							Phrases in each list
						</label>
						<select
							id="keyword-top"
							name="top"
							value={tool.options.top}
							onChange={(event) => tool.setOption('top', Number(event.target.value))}
							className="mt-2 block rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
						>
							{[5, 10, 20, 50].map((count) => (
								<option key={count} value={count}>
									{count}
								</option>
							))}
						</select>
					</div>
				</div>
				<ToolPanes>
					<ToolInput
						tool={tool}
						run="Analyse"
						label="Your text"
						placeholder="Paste an article, a page or a product description"
						onExample={() => tool.setInput(content.examples[0]!.input)}
					/>
					<ToolOutput
						tool={tool}
						label="Report"
						output={result?.output ?? ''}
						placeholder="Word counts, keywords and readability appear here"
						filename="keyword-density-report.txt"
					/>
				</ToolPanes>
				{result ? (
					<div className="mt-6 space-y-6" data-testid="keyword-report">
						<dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
							<Stat label="Words" value={n(result.stats.words)} />
							<Stat label="Unique words" value={n(result.stats.uniqueWords)} />
							<Stat label="Sentences" value={n(result.stats.sentences)} />
							<Stat label="Reading time" value={formatDuration(result.stats.readingTimeSeconds)} />
							<Stat label="Flesch reading ease" value={result.readability ? `${result.readability.fleschReadingEase}` : '—'} detail={result.readability?.level} />
							<Stat label="Flesch–Kincaid grade" value={result.readability ? `${result.readability.fleschKincaidGrade}` : '—'} />
						</dl>
						<div className="grid gap-6 lg:grid-cols-3">
							<PhraseTable title="Top words" phrases={result.phrases.one} />
							<PhraseTable title="Top 2-word phrases" phrases={result.phrases.two} />
							<PhraseTable title="Top 3-word phrases" phrases={result.phrases.three} />
						</div>
						<section aria-labelledby="keyword-longest">
							<h2 id="keyword-longest" className="font-semibold">
								Longest sentences
							</h2>
							<ol className="mt-2 space-y-2 text-sm">
								{result.longestSentences.map((sentence) => (
									<li key={sentence.number} className="rounded-lg bg-surface-2 p-3 break-words">
										<span className="font-medium text-fg">
											{n(sentence.words)} words, sentence {n(sentence.number)}:
										</span>{' '}
										{sentence.text}
									</li>
								))}
							</ol>
						</section>
						<ToolNotes notes={result.notes} className="text-sm" />
					</div>
				) : null}
				<ToolFeedback tool={tool} message={result ? `Analysed ${n(result.stats.words)} words` : ''} action="analyse" />
			</Form>
		</ToolPage>
	)
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
	return (
		<div className="rounded-lg border border-border bg-surface p-3">
			<dt className="text-sm text-muted">{label}</dt>
			<dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
			{detail ? <dd className="text-sm text-muted">{detail}</dd> : null}
		</div>
	)
}

function PhraseTable({ title, phrases }: { title: string; phrases: ReadonlyArray<Phrase> }) {
	return (
		<section className="min-w-0">
			<table className="w-full text-left text-sm">
				<caption className="mb-2 text-left font-semibold">{title}</caption>
				<thead>
					<tr className="border-b border-border text-muted">
						<th scope="col" className="py-1 pr-2 font-medium">
							Phrase
						</th>
						<th scope="col" className="py-1 pr-2 text-right font-medium">
							Count
						</th>
						<th scope="col" className="py-1 text-right font-medium">
							Density
						</th>
					</tr>
				</thead>
				<tbody>
					{phrases.length === 0 ? (
						<tr>
							<td colSpan={3} className="py-1 text-muted">
								None
							</td>
						</tr>
					) : (
						phrases.map((each) => (
							<tr key={each.phrase} className="border-b border-border/60">
								<td className="py-1 pr-2 break-all">{each.phrase}</td>
								<td className="py-1 pr-2 text-right tabular-nums">{each.count.toLocaleString('en-US')}</td>
								<td className="py-1 text-right tabular-nums">{each.density}%</td>
							</tr>
						))
					)}
				</tbody>
			</table>
		</section>
	)
}
