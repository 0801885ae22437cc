/**
 * "Use it from the command line": the converter's API with curl, the same
 * command as the README's Markdown to DOCX API section, with a copy button.
 */
import { useRouteLoaderData } from '@remix-run/react'
import { useCopy } from '#app/tools/kit/tool-controls.tsx'
import { API_PATH } from './files.ts'

export function curlExample(origin: string): string {
	return [
		`curl -s -X POST ${origin}${API_PATH} \\`,
		`  -F file=@README.md -F images=@docs/logo.png -F pageSize=letter -F toc=true \\`,
		`  -D headers.txt -o README.docx`,
		`grep -i '^x-conversion-report' headers.txt`,
	].join('\n')
}

export function CommandLineSection({ hydrated }: { hydrated: boolean }) {
	const root = useRouteLoaderData('root') as { origin?: string } | undefined
	const copy = useCopy()
	const curl = curlExample(root?.origin ?? '')
	return (
		<section aria-labelledby="api" className="mt-12 max-w-3xl">
			<h2 id="api" className="text-xl font-semibold">
				Use it from the command line
			</h2>
			<p className="mt-3 text-muted">
				The converter answers <code className="font-mono text-fg">POST {API_PATH}</code> with the .docx: send the Markdown as <code className="font-mono text-fg">file</code>{' '}
				(or as text in <code className="font-mono text-fg">markdown</code>), its pictures as <code className="font-mono text-fg">images</code>, and any option above by
				its name (<code className="font-mono text-fg">pageSize</code>, <code className="font-mono text-fg">orientation</code>, <code className="font-mono text-fg">marginMm</code>,{' '}
				<code className="font-mono text-fg">bodyFont</code>, <code className="font-mono text-fg">bodySize</code>, <code className="font-mono text-fg">codeFont</code>,{' '}
				<code className="font-mono text-fg">tableStyle</code>, <code className="font-mono text-fg">toc</code>, <code className="font-mono text-fg">titleFrom</code>). The report
				comes in the <code className="font-mono text-fg">X-Conversion-Report</code> header as JSON; errors are JSON with a message. No account needed.
			</p>
			{/* Focusable: it scrolls sideways on a phone, and keyboard users must be able to scroll it too. */}
			<pre tabIndex={0} aria-label="curl example" className="mt-4 overflow-x-auto rounded-lg bg-surface-2 p-4 font-mono text-sm" data-testid="md-curl">
				{curl}
			</pre>
			{hydrated ? (
				<button type="button" className="button-secondary mt-3" data-testid="md-curl-copy" onClick={() => void copy(curl)}>
					Copy the command
				</button>
			) : null}
		</section>
	)
}
