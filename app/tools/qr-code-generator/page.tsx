import { data, type ActionFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useSearchParams } from '@remix-run/react'
import { useEffect, useMemo, useState } from 'react'
import { type ToolActionData } from '#app/tools/kit/content.ts'
import { ToolError } from '#app/tools/kit/core.ts'
import { toolAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { ToolErrorSlot, ToolFeedback, ToolInput, ToolPanes, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { content } from '#app/tools/qr-code-generator/content.ts'
import { core, lookWarnings, qrOptionsSchema, type Capacity, type QrOptions, type QrResult } from '#app/tools/qr-code-generator/core.ts'
import { logoWarning, svgWithLogo, type Logo } from '#app/tools/qr-code-generator/logo.ts'
import { buildPayload, contentTypeLabels, fieldDefaults, fieldsFromForm, isContentType, type ContentType, type FieldName, type Fields } from '#app/tools/qr-code-generator/payload.ts'
import { ContentFields, ContentTypeTabs } from './parts/fields.tsx'
import { selfCheck, type SelfCheck } from './parts/image.client.ts'
import { LookOptions } from './parts/look.tsx'
import { CapacityMeter, QrPreview } from './parts/preview.tsx'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)

type QrActionData = ToolActionData & { fields?: Fields }

/**
 * Without JavaScript the form posts here: the fields of the chosen type are
 * turned into the payload (the same builders as in the browser), and the core
 * draws it in the worker pool. Nothing is stored; the fields come back so the
 * form stays filled in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	let fields: Fields = {}
	const response = await toolAction(request, core, {
		clientIp: context.clientIp,
		prepare(input, _options, form) {
			const type = form.get('type')
			if (!isContentType(type) || type === 'text') return input
			fields = fieldsFromForm(type, form)
			return buildPayload(type, fields)
		},
	})
	return data<QrActionData>({ ...response.data, fields }, response.init ?? undefined)
}

const defaultOptions: QrOptions = qrOptionsSchema.parse({})

function capacityOf(details: unknown): Capacity | null {
	const capacity = (details as { capacity?: Capacity } | undefined)?.capacity
	return capacity && typeof capacity.used === 'number' ? capacity : null
}

export default function QrCodeGenerator() {
	const [params] = useSearchParams()
	const requested = params.get('type')
	const type: ContentType = isContentType(requested) ? requested : 'text'
	const actionData = useActionData<QrActionData>()
	const tool = useToolPage<QrOptions, QrResult>({ slug: content.slug, defaults: defaultOptions })
	const options = tool.options
	const [fields, setFields] = useState<Fields>({ ...fieldDefaults, ...actionData?.fields })
	const [text, setText] = useState(() => (type === 'text' ? tool.input : ''))
	const [logo, setLogo] = useState<Logo | null>(null)
	const [check, setCheck] = useState<SelfCheck | null>(null)

	const built = useMemo(() => {
		if (type === 'text') return { payload: text, message: null }
		try {
			return { payload: buildPayload(type, fields), message: null }
		} catch (error) {
			if (error instanceof ToolError) return { payload: '', message: error.message, field: (error.details as { field?: string }).field }
			throw error
		}
	}, [type, fields, text])

	const { hydrated, setInput } = tool
	useEffect(() => {
		if (hydrated) setInput(built.payload)
	}, [hydrated, setInput, built.payload])

	const result = tool.error ? null : tool.result
	const baseSvg = result ? (result.format === 'png' ? (result.svg ?? '') : result.output) : ''
	const background = options.transparent ? '#ffffff' : options.light
	const svg = result && logo ? svgWithLogo(baseSvg, logo, result.modules, background) : baseSvg
	const payload = tool.input
	const ready = Boolean(result) && !tool.running

	// The self-check: after every change of content, colour, size or logo.
	useEffect(() => {
		if (!hydrated || !ready || !svg || !result) {
			setCheck(null)
			return
		}
		let current = true
		setCheck({ state: 'checking' })
		selfCheck(svg, result.width, payload)
			.then((next) => current && setCheck(next))
			.catch(() => current && setCheck({ state: 'unreadable' }))
		return () => {
			current = false
		}
	}, [hydrated, ready, svg, result, payload])

	const warnings = [...(result?.warnings ?? (tool.error ? [] : lookWarnings(options)))]
	if (logo) {
		const tooBig = logoWarning(logo.scale)
		if (tooBig) warnings.push(tooBig)
		if (options.errorCorrection !== 'H') warnings.push('With a logo, use error correction H: it repairs the modules the logo hides.')
	}
	const overCapacity = capacityOf(tool.error?.details)

	const setField = (name: FieldName, value: string) => setFields((current) => ({ ...current, [name]: value }))

	return (
		<ToolPage content={content} lead="Made in your browser as you type, and checked by an independent decoder.">
			<Form {...tool.formProps} action={`/tools/${content.slug}?type=${type}`} className="card p-4 sm:p-6" aria-label="QR code generator">
				<input type="hidden" name="type" value={type} />
				{/* Without JavaScript the server sends both files: the PNG, with the SVG beside it. */}
				{hydrated ? null : <input type="hidden" name="format" value="png" />}
				<ContentTypeTabs type={type} />
				<ToolPanes>
					<div>
						{type === 'text' ? (
							<ToolInput
								tool={{ ...tool, input: text, setInput: setText }}
								run="Make QR code"
								label="Text or URL"
								placeholder="https://example.com or any text"
								onExample={() => setText(content.examples[0]!.input)}
							/>
						) : (
							<fieldset>
								<legend className="text-lg font-semibold">{contentTypeLabels[type]}</legend>
								<input type="hidden" name="input" value="" />
								<div className="mt-3">
									<ContentFields type={type} fields={fields} setField={setField} invalidField={hydrated ? undefined : (tool.error?.details as { field?: string } | undefined)?.field} />
								</div>
								{hydrated && built.message ? (
									<p className="mt-3 text-sm text-muted" data-testid="qr-field-message" role="status">
										{built.message}
									</p>
								) : null}
								<button type="submit" className="button-primary mt-4" data-testid="tool-run">
									Make QR code
								</button>
							</fieldset>
						)}
						{result ? <CapacityMeter capacity={result.capacity} version={result.version} level={result.errorCorrection} /> : null}
						{overCapacity ? <CapacityMeter capacity={overCapacity} level={options.errorCorrection} over /> : null}
					</div>
					{result ? (
						<QrPreview
							result={result}
							svg={svg}
							content={payload}
							alt={`QR code: ${payload.slice(0, 120)}`}
							hydrated={hydrated}
							running={tool.running}
							check={hydrated ? check : null}
							warnings={warnings}
						/>
					) : (
						<div className="flex min-w-0 flex-col gap-4">
							{/* The error at the top of the result column, in view (kit/tool-panes.tsx). */}
							<ToolErrorSlot tool={{ ...tool, input: text }} />
							<section aria-labelledby="qr-result-title" data-testid="tool-output" className="rounded-lg border border-dashed border-border p-6 text-center text-muted">
								<h2 id="qr-result-title" className="font-semibold text-fg">
									Your QR code
								</h2>
								<p className="mt-2">The code appears here as you type.</p>
							</section>
						</div>
					)}
				</ToolPanes>
				<div className="mt-6 border-t border-border pt-6">
					<LookOptions options={options} setOption={tool.setOption} hydrated={hydrated} logo={logo} setLogo={setLogo} />
				</div>
				<ToolFeedback tool={tool} message={result ? `Version ${result.version}, ${result.capacity.used.toLocaleString('en-US')} bytes.` : ''} action="make the code" />
			</Form>
		</ToolPage>
	)
}
