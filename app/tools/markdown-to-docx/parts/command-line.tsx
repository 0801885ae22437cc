/**
 * "Use it from the command line": the converter's API with curl, the same
 * command as the README's Markdown to DOCX API section, with a copy button.
 */
import { useRouteLoaderData } from '@remix-run/react'
import { CommandLineSection as KitCommandLine } from '#app/tools/kit/command-line.tsx'
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
	const curl = curlExample(root?.origin ?? '')
	return (
		<KitCommandLine hydrated={hydrated} curl={curl} testId="md-curl">
			The converter answers <code className="font-mono text-fg">POST {API_PATH}</code> with the .docx: send the Markdown as <code className="font-mono text-fg">file</code>{' '}
			(or as text in <code className="font-mono text-fg">markdown</code>), its pictures as <code className="font-mono text-fg">images</code>, and any option above by
			its name (<code className="font-mono text-fg">pageSize</code>, <code className="font-mono text-fg">orientation</code>, <code className="font-mono text-fg">marginMm</code>,{' '}
			<code className="font-mono text-fg">bodyFont</code>, <code className="font-mono text-fg">bodySize</code>, <code className="font-mono text-fg">codeFont</code>,{' '}
			<code className="font-mono text-fg">tableStyle</code>, <code className="font-mono text-fg">toc</code>, <code className="font-mono text-fg">titleFrom</code>). The report
			comes in the <code className="font-mono text-fg">X-Conversion-Report</code> header as JSON; errors are JSON with a message. No account needed.
		</KitCommandLine>
	)
}
