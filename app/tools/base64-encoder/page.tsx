import { Form } from '@remix-run/react'
import { content } from '#app/tools/base64-encoder/content.ts'
import { core, type Base64Options } from '#app/tools/base64-encoder/core.ts'
import { defaultOptions } from '#app/tools/base64-encoder/view.ts'
import { MAX_INPUT_BYTES } from '#app/tools/kit/core.ts'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolFeedback, ToolInput, ToolPanes, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { statusMessage, type Result } from './parts/controls.tsx'
import { FilesSection, useFileDecoder, useFileEncoder } from './parts/file-tools.tsx'
import { Base64OptionsPanel } from './parts/options.tsx'
import { Base64Details, Base64Output } from './parts/result.tsx'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)
/** Without JavaScript the form posts here; the same core runs in the worker pool. Nothing is stored. */
export const action = toolPageAction(core)

export default function Base64Encoder() {
	const tool = useToolPage<Base64Options, Result>({ slug: content.slug, defaults: defaultOptions })
	const options = tool.options
	const encoding = options.action === 'encode'
	const result = tool.error ? null : tool.result
	const encoder = useFileEncoder(options)
	const decoder = useFileDecoder(options)

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
		tool.setInput(result?.output ?? '')
		tool.setOption('action', encoding ? 'decode' : 'encode')
		tool.inputRef.current?.focus()
	}

	return (
		<ToolPage content={content} lead="Everything runs in your browser as you type; files up to 50 MB too.">
			<Form {...tool.formProps} className="card p-4 sm:p-6" aria-label="Base64 encoder and decoder">
				<Base64OptionsPanel options={options} setOption={tool.setOption} />
				<ToolPanes>
					<ToolInput
						tool={tool}
						run={tool.hydrated ? (encoding ? 'Encode' : 'Decode') : 'Encode / decode'}
						label={encoding ? 'Text to encode' : 'Base64 to decode'}
						placeholder={encoding ? 'Type or paste text here' : 'Paste Base64 or a data: URI here'}
						onExample={() => tool.setInput(content.examples[encoding ? 0 : 2]!.input)}
						accept={encoding ? '' : '.txt,.b64,.base64,.pem,text/plain'}
						onFile={onFile}
						invalid={Boolean(tool.error)}
					/>
					<Base64Output tool={tool} options={options} result={result} onSwap={swap} />
				</ToolPanes>
				<Base64Details tool={tool} options={options} result={result} />
				<ToolFeedback tool={tool} message={statusMessage(result)} action={encoding ? 'encode' : 'decode'} />
			</Form>

			<FilesSection hydrated={tool.hydrated} encoder={encoder} decoder={decoder} />
		</ToolPage>
	)
}
