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
