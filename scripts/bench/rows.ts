import { pathToFileURL } from 'node:url'

/** One line of the tool benchmark's summary (scripts/bench-tools.ts). */
export type BenchRow = {
	section: string
	measure: string
	ours: string
	reference: string
	/** ours ÷ reference (time) — lower is better; null when there is no reference. */
	ratio: number | null
	target: string
	met: boolean | null
}

/** Runs a section and prints its rows when its file is run alone (`npx tsx scripts/bench/<file>.ts`). */
export async function runWhenAlone(moduleUrl: string, run: () => Promise<Array<BenchRow>>): Promise<void> {
	if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return
	for (const row of await run()) {
		const ratio = row.ratio === null ? '' : ` (${row.ratio.toFixed(2)}×)`
		const met = row.met === null ? '' : row.met ? ' ✓' : ' ✗ target missed'
		console.log(`${row.section} | ${row.measure}: ours ${row.ours} vs ${row.reference}${ratio}; target ${row.target}${met}`)
	}
}
