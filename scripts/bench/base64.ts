/**
 * Base64 core speed in this Node process: `encodeBytes` and `decodeToBytes`
 * (app/tools/base64-encoder) on 50 MB of random bytes, against Node's
 * native Buffer (the reference: C++ with SIMD). Target: at least 100 MB/s
 * each way, so a 50 MB file takes well under a second in a Web Worker. The
 * browser's worker path is measured separately (base64-browser.ts).
 *
 * Each figure is the best of a few runs after a warm-up (the machine is
 * shared; the best run is the least disturbed one). Outputs are checked
 * against Buffer's, byte for byte.
 *
 * Run alone: npx tsx scripts/bench/base64.ts
 */
import { pathToFileURL } from 'node:url'
import { decodeToBytes, encodeBytes } from '#app/tools/base64-encoder/core.ts'
import { type BenchRow } from './rows.ts'

const SECTION = 'Base64'
const SIZE = 50 * 1024 * 1024
const RUNS = 5
const TARGET_MB_S = 100

function randomBytes(size: number): Uint8Array {
	const bytes = new Uint8Array(size)
	// getRandomValues fills at most 65,536 bytes a call.
	for (let offset = 0; offset < size; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, offset + 65536))
	return bytes
}

/** Best time of `RUNS` runs, in milliseconds, and the last result. */
function best<T>(work: () => T): { ms: number; result: T } {
	let ms = Number.POSITIVE_INFINITY
	let result = work() // warm-up
	for (let run = 0; run < RUNS; run++) {
		const start = performance.now()
		result = work()
		ms = Math.min(ms, performance.now() - start)
	}
	return { ms, result }
}

const megabytes = SIZE / (1024 * 1024)
const rate = (ms: number) => megabytes / (ms / 1000)
const format = (ms: number) => `${Math.round(rate(ms)).toLocaleString('en-US')} MB/s (${Math.round(ms)} ms)`

function row(measure: string, ours: number, reference: number | null, referenceName: string): BenchRow {
	return {
		section: SECTION,
		measure,
		ours: format(ours),
		reference: reference === null ? '-' : `${referenceName} ${format(reference)}`,
		ratio: reference === null ? null : ours / reference,
		target: `≥ ${TARGET_MB_S} MB/s`,
		met: rate(ours) >= TARGET_MB_S,
	}
}

function assertSame(what: string, ours: Uint8Array | string, reference: Uint8Array | string): void {
	const same = typeof ours === 'string' ? ours === reference : Buffer.compare(ours, reference as Uint8Array) === 0
	if (!same) throw new Error(`${what}: our output differs from Buffer's`)
}

export async function run(): Promise<Array<BenchRow>> {
	const bytes = randomBytes(SIZE)
	const rows: Array<BenchRow> = []

	const encoded = best(() => encodeBytes(bytes))
	const encodedReference = best(() => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64'))
	assertSame('encodeBytes', encoded.result, encodedReference.result)
	rows.push(row(`encodeBytes, ${megabytes} MB`, encoded.ms, encodedReference.ms, 'Buffer'))

	const text = encodedReference.result
	const decoded = best(() => decodeToBytes(text))
	const decodedReference = best(() => Buffer.from(text, 'base64'))
	assertSame('decodeToBytes', decoded.result, decodedReference.result)
	rows.push(row(`decodeToBytes, ${megabytes} MB`, decoded.ms, decodedReference.ms, 'Buffer'))

	// MIME-wrapped (76 characters a line): the slower paths of both.
	const wrapped = best(() => encodeBytes(bytes, { wrap: true }))
	rows.push(row(`encodeBytes wrapped at 76, ${megabytes} MB`, wrapped.ms, null, ''))
	const wrappedText = wrapped.result
	const decodedWrapped = best(() => decodeToBytes(wrappedText))
	const decodedWrappedReference = best(() => Buffer.from(wrappedText, 'base64'))
	assertSame('decodeToBytes (wrapped)', decodedWrapped.result, decodedWrappedReference.result)
	rows.push(row(`decodeToBytes wrapped at 76, ${megabytes} MB`, decodedWrapped.ms, decodedWrappedReference.ms, 'Buffer'))

	return rows
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	for (const result of await run()) {
		const ratio = result.ratio === null ? '' : `, ${result.ratio.toFixed(2)}× Buffer's time`
		console.log(`${result.measure}: ${result.ours}; reference ${result.reference}${ratio}; target ${result.target}: ${result.met ? 'met' : 'NOT met'}`)
	}
}
