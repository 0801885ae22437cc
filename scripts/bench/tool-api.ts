/**
 * The tool API of the production server against the command-line tools
 * (issue 17, target 3: within 1.2×), each side a whole process started by
 * this script, interleaved (ours, theirs, ours, …) so that a busy moment on a
 * shared machine hits both alike, median of BENCH_API_RUNS runs (7) after one
 * warm-up each:
 *
 * - JSON format of a 10 MB document: `curl` posting it to
 *   `POST /api/tools/json-formatter` (mode `format`) against `jq .`;
 * - JS minify of 1 MB: `curl` to `minify-beautify` (action `minify`) against
 *   the esbuild CLI (node_modules/.bin/esbuild);
 * - CSS minify of 500 KB: the same against the lightningcss CLI
 *   (`LIGHTNINGCSS_CLI`, e.g. the `lightningcss-cli` npm package's binary,
 *   else node_modules/.bin/lightningcss or /tmp/lcss-cli's; without one, a node script
 *   calling lightningcss's `transform`, and the row says so).
 *
 * Both sides read their input from a file and write their output to one:
 * curl sends the request body prepared beforehand (`{"input": …}`, what a
 * client holds) and saves the JSON answer. Each is measured a second time
 * from this process over a kept-alive connection (what a service calling the
 * API does): curl's own start-up is 8-20 ms here, as much as a whole
 * lightningcss run. The server's `Server-Timing`
 * phases (read, run, encode, total) are printed as medians, so one sees where
 * the time goes. Minify is measured with the size report (the default) and
 * without it (`sizes: false`).
 *
 * Memory during a tool call (issue 17, target 5: at most 2× the input's size
 * above idle): the server's resident set (threads included: the job workers
 * live in its process; esbuild's own process does not) is read from /proc
 * every 10 ms during BENCH_API_MEMORY_RUNS calls (3) of the 10 MB JSON format
 * and of the 1 MB JS minify, each over a kept-alive connection, after the
 * server has been left idle for a moment; "idle" is the RSS just before each
 * call, "peak" the highest sample during it. Measured before the timed runs of
 * each section, and after one small call that loads the tool's code.
 *
 * The server: BENCH_API_URL when set (a server already running; its memory is
 * measured only when BENCH_API_PID names its process), else the production
 * build started here on BENCH_API_PORT (a free port when unset) with a
 * throwaway database.
 *
 * Run alone: npx tsx scripts/bench/tool-api.ts (BENCH_API_ONLY=json, js or css
 * for one of the three).
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import { existsSync } from 'node:fs'
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { generateDocument } from './json-formatter.ts'
import { cssInput, javascriptInput } from './minify.ts'
import { runWhenAlone, type BenchRow } from './rows.ts'
import { loadAverage, median, megabytes, root, rssKB, startServer, type BenchServer } from './server.ts'

const RUNS = Number(process.env.BENCH_API_RUNS ?? 7)
const FACTOR = 1.2
const ONLY = process.env.BENCH_API_ONLY ?? ''
const MEMORY_RUNS = Number(process.env.BENCH_API_MEMORY_RUNS ?? 3)

type Run = { ms: number; phases: Record<string, number> }

/** Runs a command to its end; stdout to `stdoutFile` (or nowhere). Wall time in ms. */
async function runProcess(command: string, args: ReadonlyArray<string>, stdoutFile: string | null): Promise<number> {
	const output = stdoutFile === null ? null : await open(stdoutFile, 'w')
	try {
		const start = performance.now()
		const child = spawn(command, args, { stdio: ['ignore', output === null ? 'ignore' : output.fd, 'pipe'], cwd: root })
		let stderr = ''
		child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
		const code = await new Promise<number | null>((resolve, reject) => {
			child.on('error', reject)
			child.on('close', resolve)
		})
		const ms = performance.now() - start
		if (code !== 0) throw new Error(`${path.basename(command)} exited with ${code}: ${stderr.slice(-500)}`)
		return ms
	} finally {
		await output?.close()
	}
}

/** `Server-Timing: read;dur=1.2, run;dur=3.4` → { read: 1.2, run: 3.4 }. */
function parseServerTiming(headers: string): Record<string, number> {
	const phases: Record<string, number> = {}
	for (const line of headers.split(/\r?\n/)) {
		const match = /^server-timing:\s*(.*)$/i.exec(line)
		if (!match) continue
		for (const entry of match[1]!.split(',')) {
			const [name, ...params] = entry.trim().split(';')
			const duration = params.map((param) => /^dur=([\d.]+)$/.exec(param.trim())).find(Boolean)
			if (name && duration) phases[name] = Number(duration[1])
		}
	}
	return phases
}

/** One call of the API with curl: body from `bodyFile`, answer to `outFile`. */
async function callApi(url: string, bodyFile: string, outFile: string, headersFile: string): Promise<Run> {
	const ms = await runProcess(
		'curl',
		// `Expect:` off: curl would otherwise wait for a 100 Continue before sending a body over 1 MB.
		['-sS', '--fail-with-body', '-X', 'POST', '-H', 'Content-Type: application/json', '-H', 'Expect:', '--data-binary', `@${bodyFile}`, '-o', outFile, '-D', headersFile, url],
		null,
	)
	return { ms, phases: parseServerTiming(await readFile(headersFile, 'utf8')) }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

/**
 * One call from this process over a kept-alive connection (what a service calling the API does):
 * no client start-up, which for curl alone is 8-20 ms, more than the CSS minify itself.
 */
async function callApiKeptAlive(url: string, body: Buffer, outFile: string): Promise<Run> {
	const start = performance.now()
	const { status, headers, answer } = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; answer: Buffer }>((resolve, reject) => {
		const request = http.request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length } }, (response) => {
			const chunks: Array<Buffer> = []
			response.on('data', (chunk: Buffer) => chunks.push(chunk))
			response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, answer: Buffer.concat(chunks) }))
			response.on('error', reject)
		})
		request.on('error', reject)
		request.end(body)
	})
	const ms = performance.now() - start
	if (status !== 200) throw new Error(`the API answered ${status}: ${answer.toString('utf8', 0, 300)}`)
	await writeFile(outFile, answer)
	return { ms, phases: parseServerTiming(`server-timing: ${String(headers['server-timing'] ?? '')}`) }
}

/** Ours and the reference, taking turns (which goes first alternates), one warm-up each. */
async function interleaved(ours: () => Promise<Run>, reference: () => Promise<number>): Promise<{ ours: Array<Run>; reference: Array<number> }> {
	await ours()
	await reference()
	const results = { ours: [] as Array<Run>, reference: [] as Array<number> }
	for (let run = 0; run < RUNS; run++) {
		if (run % 2 === 0) {
			results.ours.push(await ours())
			results.reference.push(await reference())
		} else {
			results.reference.push(await reference())
			results.ours.push(await ours())
		}
	}
	return results
}

const ms = (value: number) => `${Math.round(value)} ms`

function phaseSummary(runs: ReadonlyArray<Run>): string {
	const names = [...new Set(runs.flatMap((run) => Object.keys(run.phases)))]
	return names.map((name) => `${name} ${median(runs.map((run) => run.phases[name] ?? 0)).toFixed(1)}`).join(', ')
}

function compare(section: string, measure: string, ours: ReadonlyArray<Run>, reference: ReadonlyArray<number>, referenceName: string, load: string): Array<BenchRow> {
	const oursMs = median(ours.map((run) => run.ms))
	const referenceMs = median(reference)
	const ratio = oursMs / referenceMs
	const phases = phaseSummary(ours)
	console.log(`  ${measure}: ours ${ms(oursMs)} (runs ${ours.map((run) => Math.round(run.ms)).join(', ')}) vs ${referenceName} ${ms(referenceMs)} (runs ${reference.map(Math.round).join(', ')}) = ${ratio.toFixed(2)}× [load ${load}]`)
	console.log(`    Server-Timing medians (ms): ${phases}`)
	return [
		{ section, measure, ours: ms(oursMs), reference: `${referenceName} ${ms(referenceMs)}`, ratio, target: `≤ ${FACTOR}× ${referenceName}`, met: ratio <= FACTOR },
		{ section, measure: `${measure}: Server-Timing (ms)`, ours: phases, reference: `load ${load}`, ratio: null, target: '(information)', met: null },
	]
}

type MemoryRun = { idleKB: number; peakKB: number }

/**
 * The server's RSS around `MEMORY_RUNS` calls: before each (after half a second of quiet, so the
 * previous call's garbage has had a chance to go) and its peak during it, sampled every 10 ms.
 */
async function memoryDuring(pid: number, call: () => Promise<unknown>): Promise<Array<MemoryRun>> {
	const runs: Array<MemoryRun> = []
	for (let run = 0; run < MEMORY_RUNS; run++) {
		await new Promise((resolve) => setTimeout(resolve, 500))
		const idleKB = rssKB(pid)
		let peakKB = idleKB
		const sampler = setInterval(() => (peakKB = Math.max(peakKB, rssKB(pid))), 10)
		try {
			await call()
		} finally {
			clearInterval(sampler)
		}
		runs.push({ idleKB, peakKB: Math.max(peakKB, rssKB(pid)) })
	}
	return runs
}

function memoryRow(section: string, inputBytes: number, runs: ReadonlyArray<MemoryRun>): BenchRow {
	const above = runs.map((run) => Math.max(0, run.peakKB - run.idleKB))
	const medianAboveKB = median(above)
	const limitKB = (2 * inputBytes) / 1024
	const first = runs[0]!
	console.log(
		`  RSS during the call: ${runs.map((run) => `idle ${megabytes(run.idleKB)} → peak ${megabytes(run.peakKB)} (+${megabytes(run.peakKB - run.idleKB)})`).join('; ')}; 2× the input is ${megabytes(limitKB)}`,
	)
	return {
		section,
		measure: `server RSS above idle during the call (median of ${runs.length}; idle ${megabytes(first.idleKB)}, peak ${megabytes(Math.max(...runs.map((run) => run.peakKB)))})`,
		ours: megabytes(medianAboveKB),
		reference: `2× input ${megabytes(limitKB)}`,
		ratio: medianAboveKB / limitKB,
		target: '≤ 2× input above idle',
		met: medianAboveKB <= limitKB,
	}
}

/** The lightningcss command-line tool, if one is installed. */
function lightningcssCli(): string | null {
	// The README's way to get one without touching the project's dependencies: `npm i --prefix /tmp/lcss-cli lightningcss-cli`.
	for (const candidate of [process.env.LIGHTNINGCSS_CLI, path.join(root, 'node_modules/.bin/lightningcss'), '/tmp/lcss-cli/node_modules/.bin/lightningcss']) {
		if (candidate && existsSync(candidate)) return candidate
	}
	return null
}

export async function run(): Promise<Array<BenchRow>> {
	const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-tool-api-'))
	const rows: Array<BenchRow> = []
	let server: BenchServer | null = null
	try {
		let base = process.env.BENCH_API_URL
		let pid = process.env.BENCH_API_PID ? Number(process.env.BENCH_API_PID) : null
		if (!base) {
			const port = process.env.BENCH_API_PORT ? Number(process.env.BENCH_API_PORT) : undefined
			server = await startServer(path.join(dir, 'data'), {}, port)
			base = server.url
			pid = server.child.pid ?? null
		}
		console.log(`server ${base}; ${RUNS} runs each after a warm-up [load ${loadAverage()}]`)
		const headers = path.join(dir, 'headers.txt')
		const answer = path.join(dir, 'answer.json')

		// --- JSON format, 10 MB
		if (!ONLY || ONLY === 'json') {
			// Just under the API's 10 MB input limit (UTF-8 bytes; the generator counts characters).
			let document = generateDocument(10 * 1024 * 1024, false)
			for (let target = 10 * 1024 * 1024; Buffer.byteLength(document) > 10 * 1024 * 1024; ) document = generateDocument((target -= 64 * 1024), false)
			const inputFile = path.join(dir, 'input.json')
			const bodyFile = path.join(dir, 'json-body.json')
			await writeFile(inputFile, document)
			await writeFile(bodyFile, JSON.stringify({ input: document, options: { mode: 'format' } }))
			const section = `Tool API: JSON format, ${((await stat(inputFile)).size / 1024 / 1024).toFixed(1)} MB`
			console.log(`${section} (body ${((await stat(bodyFile)).size / 1024 / 1024).toFixed(1)} MB)`)
			const jqOut = path.join(dir, 'jq.json')
			if (pid !== null) {
				await callApiKeptAlive(`${base}/api/tools/json-formatter`, Buffer.from(JSON.stringify({ input: '{"a":[1,2]}', options: { mode: 'format' } })), answer)
				const body = await readFile(bodyFile)
				rows.push(memoryRow(section, Buffer.byteLength(document), await memoryDuring(pid, () => callApiKeptAlive(`${base}/api/tools/json-formatter`, body, answer))))
			}
			const results = await interleaved(
				() => callApi(`${base}/api/tools/json-formatter`, bodyFile, answer, headers),
				() => runProcess('jq', ['.', inputFile], jqOut),
			)
			const load = loadAverage()
			// The answer holds the same data as the input.
			const output = (JSON.parse(await readFile(answer, 'utf8')) as { output: string }).output
			if (output.replace(/\s+/g, '').length !== document.replace(/\s+/g, '').length) throw new Error('the API answered another document')
			console.log(`  answer ${((await stat(answer)).size / 1024 / 1024).toFixed(1)} MB, jq's ${((await stat(jqOut)).size / 1024 / 1024).toFixed(1)} MB`)
			rows.push(...compare(section, 'format through the API (curl)', results.ours, results.reference, 'jq .', load))
			const body = await readFile(bodyFile)
			const kept = await interleaved(
				() => callApiKeptAlive(`${base}/api/tools/json-formatter`, body, answer),
				() => runProcess('jq', ['.', inputFile], jqOut),
			)
			rows.push(...compare(section, 'format through the API (kept-alive connection)', kept.ours, kept.reference, 'jq .', loadAverage()))
		}

		// --- Minify: JavaScript (esbuild CLI) and CSS (lightningcss CLI)
		const js = await javascriptInput()
		const css = await cssInput()
		const cssCli = lightningcssCli()
		let cssReferenceScript: string | null = null
		if (cssCli === null) {
			cssReferenceScript = path.join(root, 'node_modules/.cache/bench-tool-api-lightningcss.mjs')
			await writeFile(
				cssReferenceScript,
				`import { readFileSync, writeFileSync } from 'node:fs'\nimport { transform } from 'lightningcss'\nconst [input] = process.argv.slice(2)\nprocess.stdout.write(transform({ filename: input, code: readFileSync(input), minify: true }).code)\n`,
			)
			console.log('No lightningcss CLI (set LIGHTNINGCSS_CLI or `npm i lightningcss-cli`): the reference is a node script calling lightningcss.transform')
		}
		const cases = [
			{
				language: 'javascript',
				text: js.text,
				origin: js.origin,
				extension: 'js',
				referenceName: 'esbuild CLI',
				reference: (input: string, out: string) => runProcess(path.join(root, 'node_modules/.bin/esbuild'), [input, '--minify', '--platform=neutral'], out),
			},
			{
				language: 'css',
				text: css.text,
				origin: css.origin,
				extension: 'css',
				referenceName: cssCli ? 'lightningcss CLI' : 'lightningcss.transform (node script)',
				reference: (input: string, out: string) =>
					cssCli ? runProcess(cssCli, ['--minify', input], out) : runProcess(process.execPath, [cssReferenceScript!, input], out),
			},
		] as const
		for (const minifyCase of cases) {
			if (ONLY && ONLY !== (minifyCase.language === 'css' ? 'css' : 'js')) continue
			const inputFile = path.join(dir, `input.${minifyCase.extension}`)
			await writeFile(inputFile, minifyCase.text)
			const bytes = (await stat(inputFile)).size
			const section = `Tool API: minify ${minifyCase.language === 'css' ? 'CSS' : 'JS'}, ${(bytes / 1024).toFixed(0)} KB`
			console.log(`${section} (${minifyCase.origin})`)
			const referenceOut = path.join(dir, `reference.min.${minifyCase.extension}`)
			for (const sizes of [true, false]) {
				const bodyFile = path.join(dir, `minify-body-${sizes}.json`)
				const options = sizes ? { action: 'minify', language: minifyCase.language } : { action: 'minify', language: minifyCase.language, sizes: false }
				await writeFile(bodyFile, JSON.stringify({ input: minifyCase.text, options }))
				let results
				let kept
				if (pid !== null && sizes && minifyCase.language === 'javascript') {
					await callApiKeptAlive(`${base}/api/tools/minify-beautify`, Buffer.from(JSON.stringify({ input: 'let a = 1', options })), answer)
					const body = await readFile(bodyFile)
					rows.push(memoryRow(section, bytes, await memoryDuring(pid, () => callApiKeptAlive(`${base}/api/tools/minify-beautify`, body, answer))))
				}
				try {
					results = await interleaved(
						() => callApi(`${base}/api/tools/minify-beautify`, bodyFile, answer, headers),
						() => minifyCase.reference(inputFile, referenceOut),
					)
					const body = await readFile(bodyFile)
					kept = await interleaved(
						() => callApiKeptAlive(`${base}/api/tools/minify-beautify`, body, answer),
						() => minifyCase.reference(inputFile, referenceOut),
					)
				} catch (error) {
					// A server without the `sizes` option refuses it (400): say so and go on.
					if (!sizes) {
						console.log(`  without the size report: not available (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`)
						continue
					}
					throw error
				}
				const load = loadAverage()
				const result = JSON.parse(await readFile(answer, 'utf8')) as { output: string; sizes: unknown }
				const oursBytes = Buffer.byteLength(result.output)
				const referenceBytes = (await stat(referenceOut)).size
				// Same engines: the outputs differ by a few bytes at most (licence comments, charset).
				if (Math.abs(oursBytes - referenceBytes) > referenceBytes * 0.02) throw new Error(`our output (${oursBytes} B) and the reference's (${referenceBytes} B) differ`)
				if (sizes) console.log(`  sizes: ${JSON.stringify(result.sizes)}`)
				const variant = sizes ? 'with the size report (default)' : 'sizes: false'
				rows.push(...compare(section, `minify through the API (curl), ${variant}`, results.ours, results.reference, minifyCase.referenceName, load))
				rows.push(...compare(section, `minify through the API (kept-alive connection), ${variant}`, kept.ours, kept.reference, minifyCase.referenceName, loadAverage()))
			}
		}
	} finally {
		agent.destroy()
		await server?.stop()
		await rm(dir, { recursive: true, force: true })
	}
	return rows
}

await runWhenAlone(import.meta.url, run)
