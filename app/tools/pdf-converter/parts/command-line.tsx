/**
 * "Use it from the command line": the chosen operation through the API
 * with curl, as the README's "PDF converter API" section writes it, then
 * the download and the delete, with a copy button.
 */
import { useRouteLoaderData } from '@remix-run/react'
import { CommandLineSection as KitCommandLine } from '#app/tools/kit/command-line.tsx'
import { type PdfOperation } from '../options.ts'
import { operationSpec, UPLOAD_API_PATH } from './operations.ts'

/** Each operation's fields in the README's examples. */
const EXAMPLE_FIELDS: Record<PdfOperation, string> = {
	merge: '-F files=@a.pdf -F files=@b.pdf',
	split: '-F files=@book.pdf -F every=10',
	'extract-pages': '-F files=@book.pdf -F pages=2-5',
	'delete-pages': '-F files=@book.pdf -F pages=1,7',
	'reorder-pages': '-F files=@three.pdf -F order=3,1,2',
	rotate: '-F files=@scan.pdf -F angle=90 -F pages=1-3',
	'page-numbers': "-F files=@book.pdf -F position=bottom-right -F 'format={n} / {total}'",
	watermark: '-F files=@book.pdf -F text=DRAFT -F opacity=0.2',
	metadata: '-F files=@book.pdf -F title=Report -F author=Ada -F keywords=q3,sales',
	'pdf-to-text': '-F files=@book.pdf',
	'pdf-to-images': '-F files=@book.pdf -F dpi=100 -F pages=1-4',
	'images-to-pdf': '-F files=@a.png -F files=@b.jpg -F pageSize=a4 -F margin=10',
}

export function curlExample(origin: string, operation: PdfOperation): string {
	return [
		`API=${origin}/api`,
		`curl -s $API/convert/upload -F operation=${operation} ${EXAMPLE_FIELDS[operation]}`,
		`# {"id":"…","fileName":"…","downloadUrl":"/api/pdf/…","expiresAt":"…","deleteToken":"…",…}`,
		`curl -s -OJ $API/pdf/<id>                                   # the file, under its name`,
		`curl -s -X DELETE $API/pdf/<id> -H "X-Delete-Token: <deleteToken>"   # 204: deleted now`,
	].join('\n')
}

export function CommandLineSection({ hydrated, operation }: { hydrated: boolean; operation: PdfOperation }) {
	const root = useRouteLoaderData('root') as { origin?: string } | undefined
	const curl = curlExample(root?.origin ?? '', operation)
	return (
		<KitCommandLine hydrated={hydrated} curl={curl} testId="pdf-curl">
			Every operation answers <code className="font-mono text-fg">POST {UPLOAD_API_PATH}</code> with multipart form data: the{' '}
			<code className="font-mono text-fg">operation</code>, the files as <code className="font-mono text-fg">files</code> (one part each, in order) and the
			options by the names above. The answer is <code className="font-mono text-fg">201</code> with the stored result’s{' '}
			<code className="font-mono text-fg">downloadUrl</code>, <code className="font-mono text-fg">expiresAt</code> and, without an account, a{' '}
			<code className="font-mono text-fg">deleteToken</code>; errors are JSON with a message and the field at fault. A password-protected PDF takes its{' '}
			<code className="font-mono text-fg">password</code> (and <code className="font-mono text-fg">keepProtection=true</code> to encrypt the result with it). The commands for “{operationSpec(operation).label}”:
		</KitCommandLine>
	)
}
