import { Form } from '@remix-run/react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPill } from '#app/components/ui/radio-pill.tsx'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { ToolFeedback, ToolInput, ToolOutput, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { charsetIds, charsetLabels, core, type Base64Options, type Charset } from '#app/tools/base64-encoder/core.ts'
import { content } from '#app/tools/base64-encoder/content.ts'
import { DecodedBytesPanel } from './parts/decoded-bytes.tsx'
import { FilesSection, useFileDecoder, useFileEncoder } from './parts/file-tools.tsx'
import { defaultOptions, outputFileName, plural } from '#app/tools/base64-encoder/view.ts'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { cn } from '#app/utils/misc.ts'
import { isDecodeResult, Sizes, statusMessage, useDecodedBytes, type Result } from './parts/controls.tsx'

export const meta = toolPageMeta(content)
export const loader = toolPageLoader(content)
/** Without JavaScript the form posts here; the same core runs in the worker pool. Nothing is stored. */
export const action = toolPageAction(core)

export default function Base64Encoder() {
	const tool = useToolPage<Base64Options, Result>({ slug: content.slug, defaults: defaultOptions })
	const options = tool.options
	const encoding = options.action === 'encode'
	const result = tool.error ? null : tool.result
	const output = result?.output ?? ''
	const decoded = isDecodeResult(result) ? result : null
	const binary = decoded?.binary ?? false
	// The binary panel says what the core's hex-dump note says.
	const notes = (decoded?.notes ?? []).filter((note) => !(binary && note.startsWith('The decoded bytes are not')))

	const encoder = useFileEncoder(options)
	const decoder = useFileDecoder(options)
	const bytes = useDecodedBytes(tool.hydrated && binary && !tool.running, tool.input, options)

	function onFile(file: File) {
		if (encoding) {
			encoder.setFile(file)
			document.getElementById('files')?.scrollIntoView({ block: 'start' })
			return
		}
		if (file.size > MAX_INPUT_BYTES) {
			decoder.setFile(file)
			document.getElementById('files')?.scrollIntoView({ block: 'start' })
			return
		}
		void file.text().then(tool.setInput)
	}

	function swap() {
		tool.setInput(output)
		tool.setOption('action', encoding ? 'decode' : 'encode')
		tool.inputRef.current?.focus()
	}

	return (
		<ToolPage content={content} lead="Everything runs in your browser as you type; files up to 50 MB too.">
			<Form {...tool.formProps} className="card p-4 sm:p-6" aria-label="Base64 encoder and decoder">
				<div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
					<fieldset data-testid="tool-mode">
						<legend className="font-semibold">Mode</legend>
						<div className="mt-3 flex flex-wrap gap-2">
							{(
								[
									['encode', 'Encode'],
									['decode', 'Decode'],
								] as const
							).map(([value, text]) => (
								<RadioPill key={value} name="action" value={value} checked={options.action === value} onChange={() => tool.setOption('action', value)}>
									{text}
								</RadioPill>
							))}
						</div>
					</fieldset>

					<div>
						<label htmlFor="tool-charset" className="font-semibold">
							Character set
						</label>
						<select
							id="tool-charset"
							name="charset"
							data-testid="tool-charset"
							value={options.charset}
							onChange={(event) => tool.setOption('charset', event.target.value as Charset)}
							aria-describedby="tool-charset-help"
							className="form-input mt-3"
						>
							{charsetIds.map((id) => (
								<option key={id} value={id}>
									{charsetLabels[id]}
								</option>
							))}
						</select>
						<p id="tool-charset-help" className="mt-1 text-sm text-muted">
							{encoding ? 'How the text becomes bytes.' : 'How the decoded bytes are read as text.'}
						</p>
					</div>

					<fieldset>
						<legend className="font-semibold">Alphabet</legend>
						<div className="mt-3 flex flex-wrap gap-2">
							{(
								[
									['standard', 'Standard (+ /)'],
									['url', 'URL-safe (- _)'],
								] as const
							).map(([value, text]) => (
								<RadioPill key={value} name="alphabet" value={value} checked={options.alphabet === value} onChange={() => tool.setOption('alphabet', value)}>
									{text}
								</RadioPill>
							))}
						</div>
					</fieldset>

					<fieldset>
						<legend className="font-semibold">Options</legend>
						<div className="mt-3 space-y-2 text-sm">
							<Checkbox
								id="base64-option-padding"
								name="padding"
								data-testid="tool-padding"
								checked={options.padding}
								onChange={(event) => tool.setOption('padding', event.target.checked)}
								label="Padding (=)"
							/>
							<Checkbox
								id="base64-option-wrap"
								name="wrap"
								data-testid="tool-wrap"
								checked={options.wrap}
								onChange={(event) => tool.setOption('wrap', event.target.checked)}
								label="Wrap lines at 76 (MIME)"
								hint="When encoding."
							/>
							<Checkbox
								id="base64-option-strict"
								name="strict"
								data-testid="tool-strict"
								checked={options.strict}
								onChange={(event) => tool.setOption('strict', event.target.checked)}
								label="Strict decoding"
								hint="When decoding."
							/>
						</div>
					</fieldset>
				</div>

				<div className="mt-6 grid gap-6 lg:grid-cols-2">
					<ToolInput
						tool={tool}
						run={tool.hydrated ? (encoding ? 'Encode' : 'Decode') : 'Encode / decode'}
						label={encoding ? 'Text to encode' : 'Base64 to decode'}
						placeholder={encoding ? 'Type or paste text here' : 'Paste Base64 or a data: URI here'}
						onExample={() => {
							const example = content.examples[encoding ? 0 : 2]!
							tool.setInput(example.input)
						}}
						accept={encoding ? '' : '.txt,.b64,.base64,.pem,text/plain'}
						onFile={onFile}
						invalid={Boolean(tool.error)}
					/>
					{/* A hex dump's lines line up only unwrapped: it scrolls sideways instead. */}
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
								onClick={swap}
							>
								{encoding ? 'Decode this' : 'Encode this'}
							</button>
						</ToolOutput>
					</div>
				</div>

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

				<ToolFeedback tool={tool} message={statusMessage(result)} action={encoding ? 'encode' : 'decode'} />
			</Form>

			<FilesSection hydrated={tool.hydrated} encoder={encoder} decoder={decoder} />
		</ToolPage>
	)
}

