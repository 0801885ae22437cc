/**
 * Minify & Beautify core against the reference tools, as whole processes
 * (start-up, reading the file, the work, writing the output):
 *
 * - inputs: ~1 MB of real JavaScript (react-dom's development build from
 *   node_modules) and ~500 KB of real CSS (style sheets shipped in
 *   node_modules, expanded with lightningcss so they read like source, topped
 *   up with generated rules if some are missing);
 * - ours: `app/tools/minify-beautify/core.node.ts` and a tiny driver bundled
 *   with esbuild into one .mjs (no tsx start-up), run by `node`. Measured
 *   twice: the full core run (minify plus the size report: gzip level 9 and
 *   brotli on input and output), and the same core with the size report
 *   switched off (the part the reference tools do);
 * - references: the esbuild CLI (`esbuild file --minify --platform=neutral`:
 *   on its default browser platform the CLI defines process.env.NODE_ENV as
 *   "production" when minifying, which deletes react-dom's whole development
 *   build; the transform API the tool uses does not, so neutral makes both do
 *   the same work) and, as the lightningcss package ships no CLI, a
 *   three-line node script calling `lightningcss.transform({ minify: true })`;
 *   terser's CLI for information;
 * - also, for information, our core called in-process again and again, as in
 *   the server's long-lived worker threads (no start-up, esbuild's service
 *   already running).
 *
 * Targets: JS minify within 1.5× of the esbuild CLI, CSS minify within 1.5×
 * of lightningcss; beautifying at each language's cap (BEAUTIFY_CAPS) within
 * 10 s. Each figure is the median of a few runs; outputs are checked.
 *
 * Run alone: npx tsx scripts/bench/minify.ts
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runWhenAlone, type BenchRow } from './rows.ts'

export type { BenchRow } from './rows.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const RUNS = Number(process.env.BENCH_MINIFY_RUNS ?? 5)
const JS_SOURCE = 'node_modules/react-dom/cjs/react-dom.development.js'
const CSS_SOURCES = [
	'node_modules/prisma/build/studio.css',
	'node_modules/playwright-core/lib/vite/dashboard/assets/index-BnQkOdFO.css',
	'node_modules/playwright-core/lib/vite/traceViewer/defaultSettingsView.C8BeHuxd.css',
	'node_modules/playwright-core/lib/vite/htmlReport/report.css',
	'node_modules/tailwindcss/preflight.css',
]
const CSS_BYTES = 500 * 1024

// ---------------------------------------------------------------------------
// Inputs

export async function javascriptInput(): Promise<{ text: string; origin: string }> {
	const file = path.join(root, JS_SOURCE)
	if (existsSync(file)) return { text: await readFile(file, 'utf8'), origin: JS_SOURCE }
	// Fallback: esbuild's own JavaScript API, repeated to ~1 MB.
	const api = await readFile(path.join(root, 'node_modules/esbuild/lib/main.js'), 'utf8')
	return { text: api.repeat(Math.ceil((1024 * 1024) / api.length)), origin: 'node_modules/esbuild/lib/main.js, repeated' }
}

export async function cssInput(): Promise<{ text: string; origin: string }> {
	const { transform } = await import('lightningcss')
	const parts: string[] = []
	const used: string[] = []
	let size = 0
	for (const relative of CSS_SOURCES) {
		if (size >= CSS_BYTES) break
		const file = path.join(root, relative)
		if (!existsSync(file)) continue
		// Shipped CSS is minified: expand it so it reads like a source file.
		const expanded = transform({ filename: relative, code: await readFile(file), minify: false, errorRecovery: true }).code.toString()
		parts.push(`/* ${relative} */\n${expanded}`)
		used.push(path.basename(relative))
		size += Buffer.byteLength(expanded)
	}
	let index = 0
	while (size < CSS_BYTES) {
		const rule = `\n.generated-${index} > .item:hover,\n.generated-${index}:focus-visible {\n  margin: 0px 0px ${index % 24}px 0px;\n  color: #FF${(index % 256).toString(16).padStart(2, '0')}00;\n  background: linear-gradient(to right, rgba(0, 0, 0, 0.5), transparent);\n  transition: opacity 0.3s ease-in-out;\n}\n@media (min-width: ${600 + (index % 5) * 100}px) {\n  .generated-${index} { padding: 1rem 2rem; }\n}\n`
		parts.push(rule)
		size += rule.length
		index++
	}
	const origin = used.length > 0 ? `${used.join(', ')}${index > 0 ? ` + ${index} generated rules` : ''}` : `${index} generated rules`
	return { text: parts.join('\n'), origin }
}

// ---------------------------------------------------------------------------
// Processes

type Measurement = { ms: number }

async function measure(command: string, args: string[], stdoutFile: string | null): Promise<Measurement> {
	const start = performance.now()
	const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: root })
	const stdout: Buffer[] = []
	let stderr = ''
	child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
	child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
	const code = await new Promise<number | null>((resolve, reject) => {
		child.on('error', reject)
		child.on('close', resolve)
	})
	const ms = performance.now() - start
	if (code !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code}: ${stderr.slice(-500)}`)
	if (stdoutFile !== null) await writeFile(stdoutFile, Buffer.concat(stdout))
	return { ms }
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]!
}

async function medianOf(runs: number, work: () => Promise<Measurement>): Promise<Measurement> {
	const results: number[] = []
	// One warm-up run (file cache, esbuild's binary) that is not counted.
	await work()
	for (let run = 0; run < runs; run++) results.push((await work()).ms)
	return { ms: median(results) }
}

/**
 * Our driver: reads a file, runs the core, writes the output. Bundled into
 * `dir`, which sits inside the project so that `esbuild` and `lightningcss`
 * (native, kept external) resolve from node_modules; everything else
 * (Prettier and the rest, which the core imports on demand) is bundled in.
 */
async function bundleOurs(dir: string): Promise<string> {
	const { build } = await import('esbuild')
	const entry = path.join(dir, 'ours.ts')
	const outfile = path.join(dir, 'ours.mjs')
	const nodeCore = path.join(root, 'app/tools/minify-beautify/core.node.ts')
	const shared = path.join(root, 'app/tools/minify-beautify/core.ts')
	await writeFile(
		entry,
		[
			`import { readFileSync, writeFileSync } from 'node:fs'`,
			`import { nodeEngines } from ${JSON.stringify(nodeCore)}`,
			`import { createMinifyCore, minifyOptionsSchema } from ${JSON.stringify(shared)}`,
			`const [action, language, sizes, input, output] = process.argv.slice(2)`,
			`const engines = sizes === 'sizes' ? nodeEngines : { ...nodeEngines, compressedSizes: async () => ({ gzip: 0, brotli: null }) }`,
			`const core = createMinifyCore(engines)`,
			`const result = await core.run(readFileSync(input, 'utf8'), minifyOptionsSchema.parse({ action, language }))`,
			`writeFileSync(output, result.output)`,
			`process.exit(0)`,
		].join('\n'),
	)
	await build({
		entryPoints: [entry],
		outdir: dir,
		// Each language's libraries in their own chunk, loaded on demand as in the server's worker.
		splitting: true,
		chunkNames: 'chunks/[name]-[hash]',
		outExtension: { '.js': '.mjs' },
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		// Native packages stay external (esbuild spawns its binary, lightningcss loads a .node addon).
		external: ['esbuild', 'lightningcss'],
		tsconfig: path.join(root, 'tsconfig.json'),
		absWorkingDir: root,
		logLevel: 'warning',
	})
	return outfile
}

async function writeLightningcssReference(dir: string): Promise<string> {
	const file = path.join(dir, 'lightningcss-reference.mjs')
	await writeFile(
		file,
		[
			`import { readFileSync, writeFileSync } from 'node:fs'`,
			`import { transform } from 'lightningcss'`,
			`const [input, output] = process.argv.slice(2)`,
			`writeFileSync(output, transform({ filename: input, code: readFileSync(input), minify: true }).code)`,
		].join('\n'),
	)
	return file
}

/** Our core in this process, minify only, after a warm-up call: the server worker's steady state. */
async function warmCore(language: 'javascript' | 'css', text: string): Promise<Measurement> {
	const { nodeEngines } = await import('../../app/tools/minify-beautify/core.node.ts')
	const { createMinifyCore, minifyOptionsSchema } = await import('../../app/tools/minify-beautify/core.ts')
	const core = createMinifyCore({ ...nodeEngines, compressedSizes: async () => ({ gzip: 0, brotli: null }) })
	const options = minifyOptionsSchema.parse({ action: 'minify', language })
	return medianOf(RUNS, async () => {
		const start = performance.now()
		await core.run(text, options)
		return { ms: performance.now() - start }
	})
}

// ---------------------------------------------------------------------------
// Rows

const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`)
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

function timeRow(section: string, measure: string, ours: Measurement, reference: Measurement | null, referenceName: string, factor: number): BenchRow {
	const target = `≤ ${factor}× ${referenceName}`
	if (reference === null) return { section, measure, ours: seconds(ours.ms), reference: `${referenceName}: n/a`, ratio: null, target, met: null }
	const ratio = ours.ms / reference.ms
	return { section, measure, ours: seconds(ours.ms), reference: `${referenceName} ${seconds(reference.ms)}`, ratio, target, met: ratio <= factor }
}

function infoRow(section: string, measure: string, ours: string, reference: string, ratio: number | null = null): BenchRow {
	return { section, measure, ours, reference, ratio, target: '(information)', met: null }
}

export async function run(): Promise<Array<BenchRow>> {
	// Inside the project (node_modules/.cache) so the bundle's bare imports resolve.
	const cache = path.join(root, 'node_modules/.cache')
	await mkdir(cache, { recursive: true })
	const dir = await mkdtemp(path.join(cache, 'bench-minify-'))
	const rows: BenchRow[] = []
	try {
		const ours = await bundleOurs(dir)
		const lightningcssReference = await writeLightningcssReference(dir)
		const esbuildCli = path.join(root, 'node_modules/.bin/esbuild')
		const terserCli = path.join(root, 'node_modules/.bin/terser')
		const node = process.execPath

		const js = await javascriptInput()
		const css = await cssInput()
		const jsFile = path.join(dir, 'input.js')
		const cssFile = path.join(dir, 'input.css')
		await writeFile(jsFile, js.text)
		await writeFile(cssFile, css.text)
		const jsBytes = (await stat(jsFile)).size
		const cssBytes = (await stat(cssFile)).size
		console.log(`JavaScript input: ${kilobytes(jsBytes)} (${js.origin})`)
		console.log(`CSS input: ${kilobytes(cssBytes)} (${css.origin})`)

		// --- JavaScript minify
		{
			const section = `Minify JS, ${kilobytes(jsBytes)}`
			const oursOut = path.join(dir, 'ours.min.js')
			const refOut = path.join(dir, 'esbuild.min.js')
			const oursFull = await medianOf(RUNS, () => measure(node, [ours, 'minify', 'javascript', 'sizes', jsFile, oursOut], null))
			const oursMinify = await medianOf(RUNS, () => measure(node, [ours, 'minify', 'javascript', 'no-sizes', jsFile, oursOut], null))
			const reference = await medianOf(RUNS, () => measure(esbuildCli, [jsFile, '--minify', '--platform=neutral'], refOut))
			const warm = await warmCore('javascript', js.text)
			const oursBytes = (await stat(oursOut)).size
			const refBytes = (await stat(refOut)).size
			// Same engine, same work: the outputs differ by a few bytes at most (charset, loader).
			if (Math.abs(oursBytes - refBytes) > refBytes * 0.01) throw new Error(`our output (${oursBytes} B) and esbuild's (${refBytes} B) differ`)
			console.log(`  ours (with size report) ${seconds(oursFull.ms)}, ours (minify only) ${seconds(oursMinify.ms)}, warm ${seconds(warm.ms)}, esbuild CLI ${seconds(reference.ms)}`)
			rows.push(
				timeRow(section, 'time, minify only (whole process)', oursMinify, reference, 'esbuild CLI', 1.5),
				infoRow(section, 'time, with size report (whole process)', seconds(oursFull.ms), `esbuild CLI ${seconds(reference.ms)}`, oursFull.ms / reference.ms),
				infoRow(section, 'time per call in a warm worker', seconds(warm.ms), `esbuild CLI ${seconds(reference.ms)}`, warm.ms / reference.ms),
				infoRow(section, 'output size', kilobytes(oursBytes), `esbuild CLI ${kilobytes(refBytes)}`, oursBytes / refBytes),
			)
			if (existsSync(terserCli)) {
				const terser = await measure(node, [terserCli, jsFile, '--compress', '--mangle', '--output', path.join(dir, 'terser.min.js')], null)
				const terserBytes = (await stat(path.join(dir, 'terser.min.js'))).size
				console.log(`  terser CLI (one run) ${seconds(terser.ms)}, ${kilobytes(terserBytes)}`)
				rows.push(infoRow(section, 'time (terser, one run)', seconds(oursMinify.ms), `terser CLI ${seconds(terser.ms)}`, oursMinify.ms / terser.ms))
				rows.push(infoRow(section, 'output size (terser)', kilobytes(oursBytes), `terser CLI ${kilobytes(terserBytes)}`, oursBytes / terserBytes))
			}
		}

		// --- CSS minify
		{
			const section = `Minify CSS, ${kilobytes(cssBytes)}`
			const oursOut = path.join(dir, 'ours.min.css')
			const refOut = path.join(dir, 'lightningcss.min.css')
			const oursFull = await medianOf(RUNS, () => measure(node, [ours, 'minify', 'css', 'sizes', cssFile, oursOut], null))
			const oursMinify = await medianOf(RUNS, () => measure(node, [ours, 'minify', 'css', 'no-sizes', cssFile, oursOut], null))
			const reference = await medianOf(RUNS, () => measure(node, [lightningcssReference, cssFile, refOut], null))
			const warm = await warmCore('css', css.text)
			const oursText = await readFile(oursOut, 'utf8')
			const refText = await readFile(refOut, 'utf8')
			// Ours only adds back licence comments lightningcss drops.
			if (!oursText.endsWith(refText)) throw new Error('our CSS output differs from lightningcss beyond licence comments')
			console.log(`  ours (with size report) ${seconds(oursFull.ms)}, ours (minify only) ${seconds(oursMinify.ms)}, warm ${seconds(warm.ms)}, lightningcss ${seconds(reference.ms)}`)
			rows.push(
				timeRow(section, 'time, minify only (whole process)', oursMinify, reference, 'lightningcss.transform (node script)', 1.5),
				infoRow(section, 'time, with size report (whole process)', seconds(oursFull.ms), `lightningcss ${seconds(reference.ms)}`, oursFull.ms / reference.ms),
				infoRow(section, 'time per call in a warm worker', seconds(warm.ms), `lightningcss ${seconds(reference.ms)}`, warm.ms / reference.ms),
				infoRow(section, 'output size', kilobytes(Buffer.byteLength(oursText)), `lightningcss ${kilobytes(Buffer.byteLength(refText))}`, Buffer.byteLength(oursText) / Buffer.byteLength(refText)),
			)
		}

		// --- Beautify at the caps (one run each: seconds, not milliseconds)
		{
			const { BEAUTIFY_CAPS } = await import('../../app/tools/minify-beautify/core.ts')
			const atCap = async (language: 'javascript' | 'css', text: string) => {
				const cap = BEAUTIFY_CAPS[language]
				let input = text
				while (Buffer.byteLength(input) < cap) input += '\n' + text
				// Just under the cap: whole copies of the file for JavaScript, whole top-level rules for CSS.
				if (language === 'javascript') input = text.repeat(Math.max(1, Math.floor(cap / (Buffer.byteLength(text) + 1))))
				else input = input.slice(0, input.lastIndexOf('\n}\n', cap - 1024) + 3)
				const file = path.join(dir, `cap.${language === 'css' ? 'css' : 'js'}`)
				await writeFile(file, input)
				const bytes = (await stat(file)).size
				const result = await measure(node, [ours, 'beautify', language, 'sizes', file, path.join(dir, 'cap.out')], null)
				console.log(`  beautify ${language} at its cap: ${kilobytes(bytes)} in ${seconds(result.ms)}`)
				return { bytes, result }
			}
			for (const [language, text] of [
				['javascript', js.text],
				['css', css.text],
			] as const) {
				const { bytes, result } = await atCap(language, text)
				rows.push({
					section: `Beautify ${language === 'css' ? 'CSS' : 'JS'} at the cap`,
					measure: `time for ${kilobytes(bytes)} (Prettier)`,
					ours: seconds(result.ms),
					reference: '-',
					ratio: null,
					target: '≤ 10 s',
					met: result.ms <= 10_000,
				})
			}
		}
	} finally {
		await rm(dir, { recursive: true, force: true })
	}
	return rows
}

await runWhenAlone(import.meta.url, run)
