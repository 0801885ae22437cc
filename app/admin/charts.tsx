/**
 * Charts drawn on the server as inline SVG: no chart library and no
 * JavaScript, so they show before (and without) hydration. Colours come from
 * Tailwind classes with a dark variant and the theme's tokens (`fill-muted`,
 * `stroke-border`), so a chart reads in both themes. Every chart is one
 * `role="img"` with a written summary, and its numbers are in a table under
 * "Show data" for screen readers and for anyone who wants the exact values.
 * Text (tool names, dates) is only ever rendered by React, which escapes it.
 */
import { useId } from 'react'
import { cn } from '#app/utils/misc.ts'
import { formatShortDay, formatWeekday } from '#app/utils/dates.ts'

export type ChartSeries = {
	key: string
	name: string
	values: ReadonlyArray<number>
}

/** Bar colours: light theme first, dark theme after; each pair at least 3:1 against its background. */
export const SERIES_COLORS = [
	{
		fill: 'fill-indigo-600 dark:fill-indigo-400',
		swatch: 'bg-indigo-600 dark:bg-indigo-400',
	},
	{
		fill: 'fill-emerald-600 dark:fill-emerald-400',
		swatch: 'bg-emerald-600 dark:bg-emerald-400',
	},
	{
		fill: 'fill-amber-600 dark:fill-amber-300',
		swatch: 'bg-amber-600 dark:bg-amber-300',
	},
	{
		fill: 'fill-rose-600 dark:fill-rose-400',
		swatch: 'bg-rose-600 dark:bg-rose-400',
	},
	{
		fill: 'fill-sky-600 dark:fill-sky-400',
		swatch: 'bg-sky-600 dark:bg-sky-400',
	},
	{
		fill: 'fill-fuchsia-600 dark:fill-fuchsia-400',
		swatch: 'bg-fuchsia-600 dark:bg-fuchsia-400',
	},
	{
		fill: 'fill-teal-700 dark:fill-teal-300',
		swatch: 'bg-teal-700 dark:bg-teal-300',
	},
	{
		fill: 'fill-slate-500 dark:fill-slate-300',
		swatch: 'bg-slate-500 dark:bg-slate-300',
	},
] as const

/** More series than colours: the smallest are drawn together as "Other". */
export const MAX_SERIES = SERIES_COLORS.length

/** The drawing's coordinate system (the SVG scales to its container's width). */
export const CHART = {
	width: 720,
	height: 240,
	left: 48,
	right: 8,
	top: 12,
	bottom: 28,
} as const
export const PLOT_HEIGHT = CHART.height - CHART.top - CHART.bottom
export const PLOT_WIDTH = CHART.width - CHART.left - CHART.right

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const compact = new Intl.NumberFormat('en-US', {
	notation: 'compact',
	maximumFractionDigits: 1,
})

export function formatCount(value: number): string {
	return integer.format(value)
}

/** Axis labels: 12,345 → "12.3K", so huge counts fit the margin. */
export function formatAxisValue(value: number): string {
	return value >= 10_000 ? compact.format(value) : integer.format(value)
}

function parseDay(day: string): Date {
	return new Date(`${day}T00:00:00Z`)
}

export function formatDay(day: string, long = false): string {
	return (long ? formatWeekday : formatShortDay)(parseDay(day))
}

/**
 * The y axis: a round top at or above `max` split into at most `ticks`
 * steps of 1, 2, 2.5 or 5 × a power of ten (whole numbers: counts).
 */
export function niceScale(max: number, ticks = 4): { top: number; step: number; ticks: Array<number> } {
	if (!Number.isFinite(max) || max <= 0) return { top: 1, step: 1, ticks: [0, 1] }
	const raw = max / ticks
	const magnitude = 10 ** Math.floor(Math.log10(raw))
	const residual = raw / magnitude
	// 2.5 only where it gives whole numbers (25, 250, …): counts have no halves.
	const factor = [1, 2, 2.5, 5, 10].find((candidate) => candidate >= residual && Number.isInteger(candidate * magnitude)) ?? 10
	const step = Math.max(1, factor * magnitude)
	const top = Math.ceil(max / step) * step
	const count = Math.round(top / step)
	return {
		top,
		step,
		ticks: Array.from({ length: count + 1 }, (_, index) => index * step),
	}
}

export type BarRect = {
	day: string
	dayIndex: number
	seriesIndex: number
	value: number
	x: number
	y: number
	width: number
	height: number
}

/**
 * Stacked bars, one column a day: series 0 at the bottom. A zero draws no
 * rectangle; every other value at least half a unit high, so a single run
 * on a day of millions still shows.
 */
export function layoutStackedBars(days: ReadonlyArray<string>, series: ReadonlyArray<ChartSeries>, top: number): Array<BarRect> {
	const slot = PLOT_WIDTH / Math.max(1, days.length)
	const width = Math.max(1, slot * 0.7)
	const rects: Array<BarRect> = []
	days.forEach((day, dayIndex) => {
		let base = 0
		const x = CHART.left + dayIndex * slot + (slot - width) / 2
		series.forEach((entry, seriesIndex) => {
			const value = entry.values[dayIndex] ?? 0
			if (value <= 0) return
			const y0 = scaleY(base, top)
			const y1 = scaleY(base + value, top)
			const height = Math.max(0.5, y0 - y1)
			rects.push({
				day,
				dayIndex,
				seriesIndex,
				value,
				x: round(x),
				y: round(y0 - height),
				width: round(width),
				height: round(height),
			})
			base += value
		})
	})
	return rects
}

function scaleY(value: number, top: number): number {
	return CHART.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT
}

function round(value: number): number {
	return Math.round(value * 100) / 100
}

/** Keeps the largest MAX_SERIES - 1 series and adds the rest up as "Other". */
export function limitSeries(series: ReadonlyArray<ChartSeries>, max = MAX_SERIES): Array<ChartSeries> {
	if (series.length <= max) return [...series]
	const sorted = [...series].sort((a, b) => sum(b.values) - sum(a.values))
	const kept = sorted.slice(0, max - 1)
	const rest = sorted.slice(max - 1)
	const length = Math.max(...rest.map((entry) => entry.values.length))
	const values = Array.from({ length }, (_, index) => rest.reduce((total, entry) => total + (entry.values[index] ?? 0), 0))
	return [...kept, { key: '__other__', name: `Other (${rest.length})`, values }]
}

function sum(values: ReadonlyArray<number>): number {
	return values.reduce((total, value) => total + value, 0)
}

/** The written summary (the chart's <title>/<desc>): totals, busiest day, per-series totals. */
export function summarizeChart(
	title: string,
	days: ReadonlyArray<string>,
	series: ReadonlyArray<ChartSeries>,
	unit: string,
	perSeries = series.length > 1,
): string {
	const totals = days.map((_, index) => series.reduce((total, entry) => total + (entry.values[index] ?? 0), 0))
	const total = sum(totals)
	const first = days[0]
	const last = days[days.length - 1]
	const range = first && last ? ` from ${formatDay(first, true)} to ${formatDay(last, true)} (UTC)` : ''
	if (total === 0) return `${title}: no ${unit}${range}.`
	let busiest = 0
	totals.forEach((value, index) => {
		if (value > totals[busiest]!) busiest = index
	})
	const parts = [
		`${title}: ${formatCount(total)} ${unit} in ${days.length} days${range}`,
		`busiest day ${formatDay(days[busiest]!, true)} with ${formatCount(totals[busiest]!)}`,
	]
	if (perSeries) parts.push(series.map((entry) => `${entry.name} ${formatCount(sum(entry.values))}`).join(', '))
	return `${parts.join('; ')}.`
}

export type DailyBarChartProps = {
	/** Shown as the chart's heading by the caller; used in the summary. */
	title: string
	/** What is counted, plural ("server runs", "sign-ups"). */
	unit: string
	days: ReadonlyArray<string>
	series: ReadonlyArray<ChartSeries>
	/** Shown instead of the chart when every value is zero. */
	emptyMessage: string
	/** A legend and per-series totals in the summary; by default only with several series. */
	legend?: boolean
	className?: string
}

/** Bars per day (stacked by series), a legend, axis labels and the data table. */
export function DailyBarChart({ title, unit, days, series: given, emptyMessage, legend, className }: DailyBarChartProps) {
	const id = useId()
	const series = limitSeries(given)
	const showLegend = legend ?? series.length > 1
	const totals = days.map((_, index) => series.reduce((total, entry) => total + (entry.values[index] ?? 0), 0))
	const total = sum(totals)
	if (total === 0) {
		return (
			<p className={cn('text-sm text-muted', className)} data-testid="chart-empty">
				{emptyMessage}
			</p>
		)
	}
	const scale = niceScale(Math.max(...totals))
	const rects = layoutStackedBars(days, series, scale.top)
	const summary = summarizeChart(title, days, series, unit, showLegend)
	const slot = PLOT_WIDTH / Math.max(1, days.length)
	// A date under every 7th day, counted back from today so today is labelled.
	const labelled = days.map((_, index) => (days.length - 1 - index) % 7 === 0)
	return (
		<figure className={cn('min-w-0', className)} data-testid="chart">
			{/*
			 * Phones: the drawing keeps a readable size and scrolls sideways inside its box (focusable for the
			 * keyboard); row-reverse makes the scroll start at the right end, so today shows first, without JavaScript.
			 */}
			<div className="flex flex-row-reverse overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}: chart`}>
				<svg
					viewBox={`0 0 ${CHART.width} ${CHART.height}`}
					role="img"
					aria-labelledby={`${id}-title ${id}-desc`}
					className="h-auto w-full min-w-[30rem] shrink-0 overflow-visible text-fg"
					data-top={scale.top}
				>
					<title id={`${id}-title`}>{title}</title>
					<desc id={`${id}-desc`}>{summary}</desc>
					<g className="stroke-border" strokeWidth={1}>
						{scale.ticks.map((tick) => (
							<line key={tick} x1={CHART.left} x2={CHART.width - CHART.right} y1={scaleY(tick, scale.top)} y2={scaleY(tick, scale.top)} />
						))}
					</g>
					<g className="fill-muted" fontSize={12} textAnchor="end">
						{scale.ticks.map((tick) => (
							<text key={tick} x={CHART.left - 6} y={scaleY(tick, scale.top) + 4}>
								{formatAxisValue(tick)}
							</text>
						))}
					</g>
					<g className="fill-muted" fontSize={12} textAnchor="middle">
						{days.map((day, index) =>
							labelled[index] ? (
								// The last label ends at the plot's edge rather than being cut off there.
								<text
									key={day}
									x={index === days.length - 1 ? CHART.width - CHART.right : round(CHART.left + index * slot + slot / 2)}
									y={CHART.height - 8}
									textAnchor={index === days.length - 1 ? 'end' : undefined}
								>
									{formatDay(day)}
								</text>
							) : null,
						)}
					</g>
					{series.map((entry, seriesIndex) => (
						<g key={entry.key} className={SERIES_COLORS[seriesIndex % SERIES_COLORS.length]!.fill} data-series={entry.key}>
							{rects
								.filter((rect) => rect.seriesIndex === seriesIndex)
								.map((rect) => (
									<rect key={rect.day} x={rect.x} y={rect.y} width={rect.width} height={rect.height} data-day={rect.day} data-value={rect.value}>
										<title>{`${entry.name}, ${formatDay(rect.day, true)}: ${formatCount(rect.value)}`}</title>
									</rect>
								))}
						</g>
					))}
					<line
						className="stroke-muted"
						strokeWidth={1}
						x1={CHART.left}
						x2={CHART.width - CHART.right}
						y1={CHART.top + PLOT_HEIGHT}
						y2={CHART.top + PLOT_HEIGHT}
					/>
				</svg>
			</div>
			{showLegend ? (
				<figcaption>
					<ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Legend">
						{series.map((entry, index) => (
							<li key={entry.key} className="flex min-w-0 items-center gap-2">
								<span aria-hidden="true" className={cn('inline-block size-3 shrink-0 rounded-sm', SERIES_COLORS[index % SERIES_COLORS.length]!.swatch)} />
								<span className="break-all">{entry.name}</span>
							</li>
						))}
					</ul>
				</figcaption>
			) : null}
			<details className="mt-3 text-sm">
				<summary className="cursor-pointer font-medium text-accent">Show data</summary>
				{/* Scrolls: focusable so keyboard users can scroll it too. */}
				<div className="mt-2 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: data`}>
					<table className="w-full text-left tabular-nums" data-testid="chart-table">
						<caption className="sr-only">{title}, per UTC day</caption>
						<thead className="text-muted">
							<tr>
								<th scope="col" className="py-1 pr-4 font-semibold">
									Day (UTC)
								</th>
								{series.map((entry) => (
									<th key={entry.key} scope="col" className="py-1 pr-4 text-right font-semibold whitespace-nowrap">
										{entry.name}
									</th>
								))}
								{series.length > 1 ? (
									<th scope="col" className="py-1 text-right font-semibold">
										Total
									</th>
								) : null}
							</tr>
						</thead>
						<tbody className="divide-y divide-border">
							{days.map((day, index) => (
								<tr key={day}>
									<th scope="row" className="py-1 pr-4 font-normal whitespace-nowrap">
										<time dateTime={day}>{formatDay(day, true)}</time>
									</th>
									{series.map((entry) => (
										<td key={entry.key} className="py-1 pr-4 text-right">
											{formatCount(entry.values[index] ?? 0)}
										</td>
									))}
									{series.length > 1 ? <td className="py-1 text-right">{formatCount(totals[index]!)}</td> : null}
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</details>
		</figure>
	)
}
