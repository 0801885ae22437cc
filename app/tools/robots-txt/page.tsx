import { data, type ActionFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { type ToolActionData, type ToolLoaderData } from '#app/tools/kit/content.ts'
import { toolAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { useTool } from '#app/tools/kit/use-tool.ts'
import { content } from './content.ts'
import { core, type RobotsOptions, type RobotsResult } from './core.ts'
import { PRESET_IDS, rowsToRules, type GeneratorRow, type PresetId } from './generate.ts'
import { MAX_ROWS, RobotsGenerator, type GeneratorPost } from './parts/generator.tsx'
import { RobotsTester, testDefaults } from './parts/tester.tsx'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)

type RobotsActionData = ToolActionData & { rows?: Array<GeneratorRow> }

function rowsFromForm(form: FormData): Array<GeneratorRow> {
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	const rows: Array<GeneratorRow> = []
	for (let index = 0; index < MAX_ROWS; index++) {
		const row = { agents: text(`agents_${index}`), disallow: text(`disallow_${index}`), allow: text(`allow_${index}`), crawlDelay: text(`crawlDelay_${index}`) }
		if (Object.values(row).some((value) => value.trim() !== '')) rows.push(row)
	}
	return rows
}

/**
 * Without JavaScript both forms post here; the core runs in the worker pool
 * and nothing is stored. The generator's rows become its input (robots.txt
 * lines, as the page builds them) and come back to refill the form.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	let rows: Array<GeneratorRow> | undefined
	const response = await toolAction(request, core, {
		clientIp: context.clientIp,
		prepare(input, options, form) {
			if (options.mode !== 'generate') return input
			rows = rowsFromForm(form)
			return rowsToRules(rows)
		},
	})
	return data<RobotsActionData>({ ...response.data, rows }, response.init ?? undefined)
}

export default function RobotsTxt() {
	const actionData = useActionData<RobotsActionData>()
	const loaderData = useLoaderData<ToolLoaderData>()
	const generated = actionData?.options.mode === 'generate' ? actionData : undefined
	const tool = useTool<RobotsOptions, RobotsResult>({ slug: content.slug, defaults: testDefaults, actionData: generated ? undefined : actionData, loaderData })
	const { setInput } = tool
	const post: GeneratorPost | null = generated
		? {
				rows: generated.rows ?? [],
				preset: PRESET_IDS.includes(generated.options.preset as PresetId) ? (generated.options.preset as PresetId) : 'allow-all',
				blockAi: generated.options.blockAi === true,
				sitemaps: typeof generated.options.sitemaps === 'string' ? generated.options.sitemaps : '',
				error: generated.error,
			}
		: null

	return (
		<ToolPage content={content} lead="Both run in your browser as you type; nothing is fetched or stored.">
			<RobotsGenerator
				post={post}
				hydrated={tool.hydrated}
				onTest={(robots) => {
					setInput(robots)
					document.getElementById('robots-tester')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
					tool.inputRef.current?.focus({ preventScroll: true })
				}}
			/>
			<RobotsTester tool={tool} />
		</ToolPage>
	)
}
