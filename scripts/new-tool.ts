/**
 * `npm run new-tool -- <slug> [--name "My Tool"] [--group dev|text|seo|documents]`
 *
 * Writes a working skeleton of a text tool in app/tools/<slug>/ and adds its
 * line to app/tools/registry.ts (an import and an entry at the end of the
 * menu). Nothing else is touched: the page's route, its old paths, the menu,
 * the sidebar, the group page, the home page, the sitemap, the API and the
 * server's worker all follow the registry. The skeleton passes the registry
 * test; replace its core, words and page with the tool's own.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const GROUPS = { dev: 'code', text: 'text', seo: 'search', documents: 'document' } as const
type Group = keyof typeof GROUPS

export type NewTool = { slug: string; name?: string; group?: Group }

/** The files written and changed, relative to `root`. */
export function scaffoldTool(root: string, { slug, name = titleOf(slug), group = 'dev' }: NewTool): Array<string> {
	if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new Error(`"${slug}" is not a slug: lower-case letters and digits, words joined by "-".`)
	if (['kit', 'shared'].includes(slug)) throw new Error(`"${slug}" is the framework's folder.`)
	if (!(group in GROUPS)) throw new Error(`--group is one of ${Object.keys(GROUPS).join(', ')}.`)
	const toolsDir = path.join(root, 'app/tools')
	const dir = path.join(toolsDir, slug)
	if (existsSync(dir)) throw new Error(`app/tools/${slug} exists already.`)

	const registryFile = path.join(toolsDir, 'registry.ts')
	const registry = readFileSync(registryFile, 'utf8')
	const variable = camelOf(slug)
	const listEnd = /(export const tools: ReadonlyArray<ToolDefinition> = \[\n(?:\t[^\n]*\n)*)\]/
	const lastToolImport = /(import \{ tool as \w+ \} from '\.\/[a-z0-9-]+\/tool\.ts'\n)(?!import \{ tool as)/
	if (!listEnd.test(registry) || !lastToolImport.test(registry)) throw new Error('app/tools/registry.ts has changed shape: add the tool by hand.')
	const updated = registry
		.replace(lastToolImport, `$1import { tool as ${variable} } from './${slug}/tool.ts'\n`)
		.replace(listEnd, `$1\t${variable},\n]`)

	mkdirSync(dir, { recursive: true })
	const files: Record<string, string> = {
		'tool.ts': toolFile(slug, name, group),
		'core.ts': coreFile(slug, name),
		'core.test.ts': coreTestFile(),
		'content.ts': contentFile(slug, name),
		'page.tsx': pageFile(name),
	}
	for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text)
	writeFileSync(registryFile, updated)
	return [...Object.keys(files).map((file) => `app/tools/${slug}/${file}`), 'app/tools/registry.ts']
}

function titleOf(slug: string): string {
	return slug
		.split('-')
		.map((word) => word[0]!.toUpperCase() + word.slice(1))
		.join(' ')
}

function camelOf(slug: string): string {
	return slug.replace(/-([a-z0-9])/g, (_, char: string) => char.toUpperCase())
}

function quote(text: string): string {
	return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

function toolFile(slug: string, name: string, group: Group): string {
	return `import { defineTool } from '#app/tools/kit/define-tool.ts'

export const tool = defineTool({
	slug: ${quote(slug)},
	name: ${quote(name)},
	// TODO: one line, written for people (also the meta description).
	description: ${quote(`${name}: paste text and get the result.`)},
	group: ${quote(group)},
	icon: ${quote(GROUPS[group])},
	keywords: [${quote(slug.split('-')[0]!)}],
	live: true,
	runs: 'anywhere',
	core: () => import('./core.ts').then((module) => module.core),
})
`
}

function coreFile(slug: string, name: string): string {
	return `/**
 * ${name}: the pure core (kit/core.ts): no React, no DOM, no Node APIs. It
 * runs on the page as you type, in the browser's worker for large inputs,
 * and on the server for forms posted without JavaScript and the API.
 */
import { z } from 'zod'
import { defineToolCore, ToolError } from '#app/tools/kit/core.ts'

export const optionsSchema = z
	.object({
		trim: z.boolean().default(false),
	})
	.strict()

export type Options = z.output<typeof optionsSchema>

export const core = defineToolCore({
	slug: ${quote(slug)},
	optionsSchema,
	run(input, options) {
		if (input === '') throw new ToolError('Enter some text.')
		// TODO: the tool's work.
		return { output: options.trim ? input.trim() : input }
	},
})
`
}

function coreTestFile(): string {
	return `import { describe, expect, test } from 'vitest'
import { runCore } from '#app/tools/kit/core.ts'
import { core } from './core.ts'

describe(core.slug, () => {
	test('runs with the default options', async () => {
		expect((await runCore(core, ' text ', {})).output).toBe(' text ')
	})

	test('options are checked by the schema', async () => {
		expect((await runCore(core, ' text ', { trim: true })).output).toBe('text')
		await expect(runCore(core, 'text', { nope: 1 })).rejects.toThrow(/options/)
	})
})
`
}

function contentFile(slug: string, name: string): string {
	return `import { defineToolContent } from '#app/tools/kit/content.ts'

// TODO: the page's words.
export const content = defineToolContent({
	slug: ${quote(slug)},
	howTo: {
		title: ${quote(`How to use the ${name}`)},
		steps: ['Type or paste your text into the box, or press Load example.', 'Copy the result, or download it.'],
	},
	examples: [{ title: 'An example', input: '  Hello, world!  ', options: { trim: true } }],
	faq: [
		{
			question: 'Is my text sent to a server?',
			answer: 'Not while JavaScript is on: it runs in your browser. Without JavaScript, the server runs it and keeps nothing.',
		},
	],
	api: { input: '  Hello, world!  ', options: { trim: true } },
})
`
}

function pageFile(name: string): string {
	return `import { Form } from '@remix-run/react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { toolPageAction, toolPageLoader } from '#app/tools/kit/form.server.ts'
import { ToolPage, toolPageMeta } from '#app/tools/kit/tool-page.tsx'
import { ToolFeedback, ToolInput, ToolOutput, useToolPage } from '#app/tools/kit/tool-panes.tsx'
import { toolPageHeaders } from '#app/utils/headers.ts'
import { content } from './content.ts'
import { core, type Options } from './core.ts'

export const meta = toolPageMeta(content)
export const headers = toolPageHeaders
export const loader = toolPageLoader(content)
/** Without JavaScript the form posts here; the same core runs in the worker pool. Nothing is stored. */
export const action = toolPageAction(core)

export default function Page() {
	const tool = useToolPage<Options>({ slug: content.slug, defaults: { trim: false } })
	const output = tool.error ? '' : (tool.result?.output ?? '')

	return (
		<ToolPage content={content} lead="Paste or type your text, and copy the result.">
			<Form {...tool.formProps} className="card p-4 sm:p-6" aria-label=${quote(name)}>
				<Checkbox
					id="tool-option-trim"
					name="trim"
					checked={tool.options.trim}
					onChange={(event) => tool.setOption('trim', event.target.checked)}
					label="Trim spaces at both ends"
				/>
				<div className="mt-6 grid gap-6 lg:grid-cols-2">
					<ToolInput
						tool={tool}
						run="Run"
						label="Your text"
						placeholder="Type or paste text here"
						onExample={() => tool.setInput(content.examples[0]!.input)}
					/>
					<ToolOutput tool={tool} label="Result" output={output} placeholder="The result appears here" filename="result.txt" />
				</div>
				<ToolFeedback tool={tool} message={output ? 'Done' : ''} action="run" />
			</Form>
		</ToolPage>
	)
}
`
}

function parseArgs(args: Array<string>): NewTool {
	const [slug, ...rest] = args
	if (!slug || slug.startsWith('-')) throw new Error('Usage: npm run new-tool -- <slug> [--name "My Tool"] [--group dev|text|seo|documents]')
	const options: NewTool = { slug }
	for (let index = 0; index < rest.length; index += 2) {
		const [flag, value] = [rest[index], rest[index + 1]]
		if (value === undefined) throw new Error(`${flag} needs a value.`)
		if (flag === '--name') options.name = value
		else if (flag === '--group') options.group = value as Group
		else throw new Error(`Unknown option ${flag}.`)
	}
	return options
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	try {
		const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
		const touched = scaffoldTool(root, parseArgs(process.argv.slice(2)))
		console.log(`Wrote:\n${touched.map((file) => `  ${file}`).join('\n')}\nThen: npx vitest run app/tools/registry.test.ts app/tools/${process.argv[2]}/`)
	} catch (error) {
		console.error(error instanceof Error ? error.message : error)
		process.exit(1)
	}
}
