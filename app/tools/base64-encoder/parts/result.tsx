/**
 * The Base64 tool's result: the output pane (a hex dump for binary data,
 * with "Decode this" / "Encode this" to swap), and under the panes the sizes
 * before and after, the decoded bytes' panel and the core's notes.
 */
import { ToolOutput, type ToolState } from '#app/tools/kit/tool-panes.tsx'
import { cn } from '#app/utils/misc.ts'
import { type Base64Options } from '../core.ts'
import { outputFileName, plural } from '../view.ts'
import { isDecodeResult, Sizes, useDecodedBytes, type Result } from './controls.tsx'
import { DecodedBytesPanel } from './decoded-bytes.tsx'

type ResultProps = { tool: ToolState; options: Base64Options; result: Result | null }

export function Base64Output({ tool, options, result, onSwap }: ResultProps & { onSwap: () => void }) {
	const encoding = options.action === 'encode'
	const output = result?.output ?? ''
	const decoded = isDecodeResult(result) ? result : null
	const binary = decoded?.binary ?? false
	return (
		// A hex dump's lines line up only unwrapped: it scrolls sideways instead.
		<div className={cn('flex min-w-0 flex-col', binary && '[&_textarea]:overflow-x-auto [&_textarea]:text-xs [&_textarea]:whitespace-pre')}>
			<ToolOutput
				tool={tool}
				label={encoding ? 'Base64' : binary ? 'Hex dump of the decoded bytes' : 'Decoded text'}
				output={output}
				placeholder={encoding ? 'The Base64 appears here' : 'The decoded text appears here'}
				filename={outputFileName(options.action, binary)}
				note={decoded?.truncated ? 'The hex dump shows the first 64 KB; download the file for all of it.' : undefined}
			>
				<button
					type="button"
					className="button-secondary"
					data-testid="tool-swap"
					disabled={!tool.hydrated || output === '' || binary || tool.running}
					onClick={onSwap}
				>
					{encoding ? 'Decode this' : 'Encode this'}
				</button>
			</ToolOutput>
		</div>
	)
}

export function Base64Details({ tool, options, result }: ResultProps) {
	const decoded = isDecodeResult(result) ? result : null
	const binary = decoded?.binary ?? false
	// The binary panel says what the core's hex-dump note says.
	const notes = (decoded?.notes ?? []).filter((note) => !(binary && note.startsWith('The decoded bytes are not')))
	const bytes = useDecodedBytes(tool.hydrated && binary && !tool.running, tool.input, options)
	return (
		<>
			<Sizes input={tool.input} options={options} result={result} />

			{decoded && binary ? (
				<DecodedBytesPanel
					id="binary"
					className="mt-4"
					heading={`Binary data (${plural(decoded.bytes, 'byte')}) — shown as a hex dump`}
					byteCount={decoded.bytes}
					detectedType={decoded.detectedType}
					bytes={bytes}
					hydrated={tool.hydrated}
				/>
			) : null}

			{notes.length > 0 ? (
				<ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-muted" data-testid="tool-notes">
					{notes.map((note) => (
						<li key={note}>{note}</li>
					))}
				</ul>
			) : null}
		</>
	)
}
