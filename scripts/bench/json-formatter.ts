/**
 * JSON formatter core against the references of the field, as whole
 * processes (start-up, reading the file, formatting, writing the output),
 * on generated 10 MB and 100 MB documents:
 *
 * - ours: the core's `formatJson` (app/tools/json-formatter/format.ts)
 *   bundled with esbuild into one .mjs (no tsx start-up cost), run by `node`;
 * - jq (`jq .`, `jq -c .`), when installed;
 * - Node's own `JSON.stringify(JSON.parse(text), null, 2)` (and without
 *   indentation for minify).
 *
 * Targets: our time ≤ jq's, ≤ 2× JSON.parse + stringify's; our peak memory
 * (maximum resident set size, from /usr/bin/time -v, else the child's own
 * `process.resourceUsage().maxRSS`) ≤ theirs. Each figure is the median of
 * 5 runs (10 MB) or 3 (100 MB), the tools taking turns so that a busy moment
 * on a shared machine hits them alike. Our output is checked to hold the
 * same data as the input.
 *
 * Run alone: npx tsx scripts/bench/json-formatter.ts
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runWhenAlone, type BenchRow } from './rows.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SIZES = [
	{ label: '10 MB', bytes: 10 * 1024 * 1024, runs: 5 },
	{ label: '100 MB', bytes: 100 * 1024 * 1024, runs: 3 },
]
const TIME = '/usr/bin/time'

type Measurement = { ms: number; rssKB: number | null }
type Runner = { name: string; command: string; args: (mode: 'format' | 'minify', input: string) => string[]; stdoutIsOutput: boolean }

// ---------------------------------------------------------------------------
// Test documents

/**
 * A deterministic document of about `bytes` bytes: records with nested objects, arrays, strings (escapes, non-ASCII,
 * emoji), floats and integers too big for a double; minified, or pretty-printed with 2 spaces (what one minifies).
 */
export function generateDocument(bytes: number, pretty: boolean): string {
	let seed = 42
	const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296
	const words = ['alpha', 'beta', 'gamma', 'delta', 'émile', 'naïve', '東京', 'data', 'value', 'quote"d', 'line\nbreak', 'tab\there', 'emoji 😀', 'path/to/x']
	const pick = () => words[Math.floor(random() * words.length)]!
	const parts: string[] = ['[']
	let size = 1
	while (size < bytes) {
		const record = {
			id: Math.floor(random() * 1e9),
			big: 0,
			guid: `${Math.floor(random() * 1e12).toString(16)}-${Math.floor(random() * 1e12).toString(16)}`,
			active: random() > 0.5,
			balance: Math.round(random() * 1e6) / 100,
			ratio: random(),
			name: `${pick()} ${pick()}`,
			tags: Array.from({ length: Math.floor(random() * 6) }, pick),
			address: {
				street: `${Math.floor(random() * 999)} ${pick()} street`,
				city: pick(),
				zip: String(Math.floor(random() * 99999)),
				geo: [random() * 180 - 90, random() * 360 - 180],
			},
			friends: Array.from({ length: Math.floor(random() * 4) }, (_, id) => ({ id, name: pick(), score: Math.floor(random() * 100) - 50 })),
			note: random() > 0.7 ? null : pick().repeat(1 + Math.floor(random() * 5)),
			empty: random() > 0.5 ? {} : [],
		}
		// An integer JSON.parse would round: formatters must keep its digits.
		const big = `1234567890123456789${Math.floor(random() * 1000)}`
		const text = pretty
			? ('  ' + JSON.stringify(record, null, 2).replace(/\n/g, '\n  ')).replace('"big": 0', `"big": ${big}`)
			: JSON.stringify(record).replace('"big":0', `"big":${big}`)
		parts.push(size === 1 ? (pretty ? '\n' : '') + text : (pretty ? ',\n' : ',') + text)
		size += text.length + 1
	}
	parts.push(pretty ? '\n]' : ']')
	return parts.join('')
}

// ---------------------------------------------------------------------------
// Processes

/** Runs a command (under /usr/bin/time -v when there is one); wall time and peak RSS. */
async function measure(command: string, args: string[], stdoutFile: string | null): Promise<Measurement> {
	const useTime = existsSync(TIME)
	const output = stdoutFile === null ? null : await open(stdoutFile, 'w')
	try {
		const start = performance.now()
		const child = spawn(useTime ? TIME : command, useTime ? ['-v', command, ...args] : args, {
			stdio: ['ignore', output === null ? 'pipe' : output.fd, 'pipe'],
		})
		let stderr = ''
		let stdout = ''
		child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
		child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
		const code = await new Promise<number | null>((resolve, reject) => {
			child.on('error', reject)
			child.on('close', resolve)
		})
		const ms = performance.now() - start
		if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.slice(-500)}`)
		const fromTime = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)
		// Without /usr/bin/time, node children print their own maxRSS (KB).
		const fromChild = /maxRSS=(\d+)/.exec(stdout)
		return { ms, rssKB: fromTime ? Number(fromTime[1]) : fromChild ? Number(fromChild[1]) : null }
	} finally {
		await output?.close()
	}
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]!
}

/** Median time and median peak RSS of a few runs. */
function summarise(results: Measurement[]): Measurement {
	const rss = results.map((result) => result.rssKB).filter((value): value is number => value !== null)
	return { ms: median(results.map((result) => result.ms)), rssKB: rss.length > 0 ? median(rss) : null }
}

async function hasCommand(command: string): Promise<boolean> {
	return new Promise((resolve) => {
		const child = spawn(command, ['--version'], { stdio: 'ignore' })
		child.on('error', () => resolve(false))
		child.on('close', (code) => resolve(code === 0))
	})
}

/** The core and a tiny driver, bundled into one file so the child starts as fast as plain node. */
async function bundleOurs(dir: string): Promise<string> {
	const { build } = await import('esbuild')
	const entry = path.join(dir, 'ours.ts')
	const outfile = path.join(dir, 'ours.mjs')
	// format.ts: the core's code without its zod options schema (zod only checks options; loading it adds
	// about 4 MB and 30 ms to a process start).
	const core = path.join(root, 'app/tools/json-formatter/format.ts')
	await writeFile(
		entry,
		[
			`import { readFileSync, writeFileSync } from 'node:fs'`,
			`import { formatJson } from ${JSON.stringify(core)}`,
			`const [mode, input, output] = process.argv.slice(2)`,
			`const text = readFileSync(input, 'utf8')`,
			`writeFileSync(output, formatJson(text, { mode }).output)`,
			`console.log('maxRSS=' + process.resourceUsage().maxRSS)`,
		].join('\n'),
	)
	await build({
		entryPoints: [entry],
		outfile,
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		tsconfig: path.join(root, 'tsconfig.json'),
		absWorkingDir: root,
		logLevel: 'warning',
	})
	return outfile
}

async function writeNodeReference(dir: string): Promise<string> {
	const file = path.join(dir, 'reference.mjs')
	await writeFile(
		file,
		[
			`import { readFileSync, writeFileSync } from 'node:fs'`,
			`const [mode, input, output] = process.argv.slice(2)`,
			`const value = JSON.parse(readFileSync(input, 'utf8'))`,
			`writeFileSync(output, mode === 'minify' ? JSON.stringify(value) : JSON.stringify(value, null, 2))`,
			`console.log('maxRSS=' + process.resourceUsage().maxRSS)`,
		].join('\n'),
	)
	return file
}

// ---------------------------------------------------------------------------
// Rows

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const megabytes = (kb: number | null) => (kb === null ? 'n/a' : `${Math.round(kb / 1024).toLocaleString('en-US')} MB`)

function timeRow(section: string, measure: string, ours: Measurement, reference: Measurement | null, referenceName: string, factor: number): BenchRow {
	const target = factor === 1 ? `≤ ${referenceName}` : `≤ ${factor}× ${referenceName}`
	if (reference === null) return { section, measure, ours: seconds(ours.ms), reference: `${referenceName}: not installed`, ratio: null, target, met: null }
	const ratio = ours.ms / reference.ms
	return { section, measure, ours: seconds(ours.ms), reference: `${referenceName} ${seconds(reference.ms)}`, ratio, target, met: ratio <= factor }
}

function memoryRow(section: string, measure: string, ours: Measurement, reference: Measurement | null, referenceName: string): BenchRow {
	const target = `≤ ${referenceName}`
	if (reference === null || reference.rssKB === null || ours.rssKB === null) {
		return { section, measure, ours: megabytes(ours.rssKB), reference: `${referenceName}: n/a`, ratio: null, target, met: null }
	}
	const ratio = ours.rssKB / reference.rssKB
	return { section, measure, ours: megabytes(ours.rssKB), reference: `${referenceName} ${megabytes(reference.rssKB)}`, ratio, target, met: ratio <= 1 }
}

export async function run(): Promise<Array<BenchRow>> {
	const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-json-'))
	const rows: BenchRow[] = []
	try {
		const ours = await bundleOurs(dir)
		const reference = await writeNodeReference(dir)
		const jq = (await hasCommand('jq')) ? 'jq' : null
		if (!existsSync(TIME)) console.log(`${TIME} is missing: peak memory from the node children only (not jq)`)
		if (jq === null) console.log('jq is not installed: no jq reference')

		for (const size of SIZES) {
			const section = `JSON formatter, ${size.label}`
			// Format a minified document; minify a pretty-printed one (of the same size).
			const inputs = { format: path.join(dir, 'minified.json'), minify: path.join(dir, 'pretty.json') }
			const documents = { format: generateDocument(size.bytes, false), minify: generateDocument(size.bytes, true) }
			for (const mode of ['format', 'minify'] as const) {
				await writeFile(inputs[mode], documents[mode])
				console.log(
					`${section}: ${mode} input ${((await stat(inputs[mode])).size / 1024 / 1024).toFixed(1)} MB (${mode === 'format' ? 'minified' : 'pretty-printed'})`,
				)
			}
			const output = path.join(dir, 'output.json')

			const results: Record<string, Record<'format' | 'minify', Measurement | null>> = {}
			const runners: Runner[] = [
				{ name: 'ours', command: process.execPath, args: (mode, file) => [ours, mode, file, output], stdoutIsOutput: false },
				{ name: 'JSON.parse+stringify', command: process.execPath, args: (mode, file) => [reference, mode, file, output], stdoutIsOutput: false },
			]
			if (jq !== null)
				runners.push({ name: 'jq', command: jq, args: (mode, file) => (mode === 'minify' ? ['-c', '.', file] : ['.', file]), stdoutIsOutput: true })
			for (const mode of ['format', 'minify'] as const) {
				// Runs interleaved (ours, node, jq, ours, …) so a busy moment on the machine hits every tool alike.
				const samples = new Map<string, Measurement[]>(runners.map((runner) => [runner.name, []]))
				const input = inputs[mode]
				const document = documents[mode]
				for (let run = 0; run < size.runs; run++) {
					for (const runner of runners) {
						samples.get(runner.name)!.push(await measure(runner.command, runner.args(mode, input), runner.stdoutIsOutput ? output : null))
						if (runner.name === 'ours' && run === 0 && size.bytes <= 10 * 1024 * 1024) {
							// Same data out as in (JSON.parse rounds the big integers the same way on both sides).
							const written = await readFile(output, 'utf8')
							if (JSON.stringify(JSON.parse(written)) !== JSON.stringify(JSON.parse(document)))
								throw new Error(`our ${mode} output does not hold the input's data`)
						}
					}
				}
				for (const runner of runners) {
					const result = summarise(samples.get(runner.name)!)
					results[runner.name] ??= { format: null, minify: null }
					results[runner.name]![mode] = result
					console.log(`  ${runner.name.padEnd(22)} ${mode.padEnd(7)} ${seconds(result.ms).padStart(8)}  peak RSS ${megabytes(result.rssKB)}`)
				}
			}
			const oursResult = results.ours!
			const node = results['JSON.parse+stringify']!
			const jqResult = results.jq ?? { format: null, minify: null }
			rows.push(
				timeRow(section, 'format (2 spaces, minified input): time', oursResult.format!, jqResult.format, 'jq .', 1),
				timeRow(section, 'format (2 spaces, minified input): time', oursResult.format!, node.format, 'JSON.parse+stringify', 2),
				timeRow(section, 'minify (pretty input): time', oursResult.minify!, jqResult.minify, 'jq -c .', 1),
				timeRow(section, 'minify (pretty input): time', oursResult.minify!, node.minify, 'JSON.parse+stringify', 2),
				memoryRow(section, 'format: peak RSS', oursResult.format!, node.format, 'JSON.parse+stringify'),
				memoryRow(section, 'format: peak RSS', oursResult.format!, jqResult.format, 'jq .'),
				memoryRow(section, 'minify (pretty input): peak RSS', oursResult.minify!, node.minify, 'JSON.parse+stringify'),
				memoryRow(section, 'minify (pretty input): peak RSS', oursResult.minify!, jqResult.minify, 'jq -c .'),
			)
			await rm(inputs.format, { force: true })
			await rm(inputs.minify, { force: true })
			await rm(output, { force: true })
		}
	} finally {
		await rm(dir, { recursive: true, force: true })
	}
	return rows
}

await runWhenAlone(import.meta.url, run)
