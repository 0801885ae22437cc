/**
 * The server-rendered SVG charts: scales, bar geometry, zero days, one
 * series vs many, huge counts, escaping of hostile names, the empty state,
 * and the accessible summary and data table. Rendered with react-dom/server
 * (as the page is) and read back with jsdom.
 */
import { JSDOM } from 'jsdom'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import {
	CHART,
	DailyBarChart,
	MAX_SERIES,
	PLOT_HEIGHT,
	formatAxisValue,
	layoutStackedBars,
	limitSeries,
	niceScale,
	summarizeChart,
	type ChartSeries,
} from './charts.tsx'

const DAYS = Array.from({ length: 30 }, (_, index) => new Date(Date.UTC(2026, 1, 14 + index)).toISOString().slice(0, 10))
const BASELINE = CHART.top + PLOT_HEIGHT

function zeros(): Array<number> {
	return DAYS.map(() => 0)
}

function withValues(entries: Record<number, number>): Array<number> {
	const values = zeros()
	for (const [index, value] of Object.entries(entries)) values[Number(index)] = value
	return values
}

function render(series: Array<ChartSeries>, emptyMessage = 'No runs in the last 30 days.') {
	const html = renderToStaticMarkup(<DailyBarChart title="Runs per day" unit="runs" days={DAYS} series={series} emptyMessage={emptyMessage} />)
	const { document } = new JSDOM(`<body>${html}</body>`).window
	return { html, document }
}

function bars(document: Document) {
	return [...document.querySelectorAll('svg rect')].map((rect) => ({
		series: rect.parentElement?.getAttribute('data-series'),
		day: rect.getAttribute('data-day'),
		value: Number(rect.getAttribute('data-value')),
		y: Number(rect.getAttribute('y')),
		height: Number(rect.getAttribute('height')),
	}))
}

describe('niceScale', () => {
	test.each([
		[1, 1],
		[3, 3],
		[4, 4],
		[5, 6],
		[12, 15],
		[7, 8],
		[10, 10],
		[37, 40],
		[101, 150],
		[999, 1000],
		[123_456, 150_000],
	])('a maximum of %d gets a round top of %d', (max, top) => {
		const scale = niceScale(max)
		expect(scale.top).toBe(top)
		expect(scale.top).toBeGreaterThanOrEqual(max)
		expect(scale.ticks[0]).toBe(0)
		expect(scale.ticks.at(-1)).toBe(scale.top)
		expect(scale.ticks.length).toBeLessThanOrEqual(6)
		for (const tick of scale.ticks) expect(Number.isInteger(tick)).toBe(true)
	})

	test('zero, negative or not a number: a scale of 0–1, never a division by zero', () => {
		for (const max of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(niceScale(max)).toEqual({ top: 1, step: 1, ticks: [0, 1] })
	})

	test('huge counts stay finite and round', () => {
		const scale = niceScale(9_876_543_210)
		expect(scale.top).toBe(10_000_000_000)
		expect(scale.ticks).toEqual([0, 2.5e9, 5e9, 7.5e9, 1e10])
		expect(formatAxisValue(2.5e9)).toBe('2.5B')
		expect(formatAxisValue(9_999)).toBe('9,999')
	})
})

describe('layoutStackedBars', () => {
	test('heights are proportional to the values, bars stand on the baseline', () => {
		const rects = layoutStackedBars(DAYS, [{ key: 'a', name: 'A', values: withValues({ 0: 10, 1: 5, 29: 20 }) }], 20)
		expect(rects.map((rect) => [rect.day, rect.value])).toEqual([
			[DAYS[0], 10],
			[DAYS[1], 5],
			[DAYS[29], 20],
		])
		const [ten, five, twenty] = rects
		expect(twenty!.height).toBeCloseTo(PLOT_HEIGHT, 1)
		expect(ten!.height).toBeCloseTo(PLOT_HEIGHT / 2, 1)
		expect(five!.height).toBeCloseTo(PLOT_HEIGHT / 4, 1)
		for (const rect of rects) expect(rect.y + rect.height).toBeCloseTo(BASELINE, 1)
		// Left to right in day order, inside the plot.
		expect(ten!.x).toBeLessThan(five!.x)
		expect(twenty!.x + twenty!.width).toBeLessThanOrEqual(CHART.width - CHART.right)
		expect(ten!.x).toBeGreaterThanOrEqual(CHART.left)
	})

	test('stacked series sit on top of each other', () => {
		const rects = layoutStackedBars(
			DAYS,
			[
				{ key: 'a', name: 'A', values: withValues({ 3: 6 }) },
				{ key: 'b', name: 'B', values: withValues({ 3: 2 }) },
			],
			8,
		)
		const [a, b] = rects
		expect(a!.y + a!.height).toBeCloseTo(BASELINE, 1)
		expect(b!.y + b!.height).toBeCloseTo(a!.y, 1)
		expect(a!.height / b!.height).toBeCloseTo(3, 1)
		expect(a!.x).toBe(b!.x)
	})

	test('zero days draw nothing; one run among millions still shows', () => {
		const rects = layoutStackedBars(DAYS, [{ key: 'a', name: 'A', values: withValues({ 0: 1, 1: 5_000_000 }) }], 5_000_000)
		expect(rects).toHaveLength(2)
		expect(rects[0]!.height).toBeGreaterThan(0)
		expect(rects[1]!.height).toBeCloseTo(PLOT_HEIGHT, 1)
	})
})

describe('limitSeries', () => {
	test('up to MAX_SERIES series are kept as they are; more are folded into "Other"', () => {
		const many = Array.from({ length: MAX_SERIES + 3 }, (_, index) => ({
			key: `t${index}`,
			name: `Tool ${index}`,
			values: withValues({ 0: index + 1 }),
		}))
		expect(limitSeries(many.slice(0, MAX_SERIES))).toHaveLength(MAX_SERIES)
		const limited = limitSeries(many)
		expect(limited).toHaveLength(MAX_SERIES)
		expect(limited.at(-1)).toMatchObject({
			key: '__other__',
			name: 'Other (4)',
		})
		// The four smallest (1 + 2 + 3 + 4) are added up.
		expect(limited.at(-1)!.values[0]).toBe(10)
		expect(limited[0]!.key).toBe(`t${MAX_SERIES + 2}`)
	})
})

describe('DailyBarChart', () => {
	test('no runs at all: the empty message, no chart', () => {
		const { document } = render([{ key: 'a', name: 'A', values: zeros() }])
		expect(document.querySelector('svg')).toBeNull()
		expect(document.body.textContent).toBe('No runs in the last 30 days.')
		expect(render([]).document.body.textContent).toBe('No runs in the last 30 days.')
	})

	test('one series: an accessible image with a summary, bars at the right days, no legend, a table of all 30 days', () => {
		const { document } = render([
			{
				key: 'json-formatter',
				name: 'JSON Formatter',
				values: withValues({ 0: 3, 29: 12 }),
			},
		])
		const svg = document.querySelector('svg')!
		expect(svg.getAttribute('role')).toBe('img')
		const labelIds = svg.getAttribute('aria-labelledby')!.split(' ')
		const label = labelIds.map((id) => document.getElementById(id)?.textContent).join(' ')
		expect(label).toContain('Runs per day')
		expect(label).toContain('15 runs in 30 days from Sat, 14 Feb 2026 to Sun, 15 Mar 2026 (UTC)')
		expect(label).toContain('busiest day Sun, 15 Mar 2026 with 12')
		expect(bars(document).map((bar) => [bar.series, bar.day, bar.value])).toEqual([
			['json-formatter', '2026-02-14', 3],
			['json-formatter', '2026-03-15', 12],
		])
		expect(document.querySelector('[aria-label="Legend"]')).toBeNull()
		const rows = [...document.querySelectorAll('table tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent))
		expect(rows).toHaveLength(30)
		expect(rows[0]).toEqual(['Sat, 14 Feb 2026', '3'])
		expect(rows[1]).toEqual(['Sun, 15 Feb 2026', '0'])
		expect(rows[29]).toEqual(['Sun, 15 Mar 2026', '12'])
		expect(document.querySelector('details > summary')?.textContent).toBe('Show data')
		// Axis: 0 to a round top, and dates under the days.
		const axis = [...svg.querySelectorAll('text')].map((text) => text.textContent)
		expect(axis).toEqual(['0', '5', '10', '15', '15 Feb', '22 Feb', '1 Mar', '8 Mar', '15 Mar'])
	})

	test('many series: one colour group each, a legend, a Total column, per-tool totals in the summary', () => {
		const { document } = render([
			{
				key: 'json-formatter',
				name: 'JSON Formatter',
				values: withValues({ 5: 4 }),
			},
			{
				key: 'url-encoder',
				name: 'URL Encoder/Decoder',
				values: withValues({ 5: 1, 6: 2 }),
			},
			{ key: 'base64-encoder', name: 'Base64', values: withValues({ 6: 1 }) },
		])
		const groups = [...document.querySelectorAll('svg g[data-series]')]
		expect(groups.map((group) => group.getAttribute('data-series'))).toEqual(['json-formatter', 'url-encoder', 'base64-encoder'])
		expect(new Set(groups.map((group) => group.getAttribute('class'))).size).toBe(3)
		expect([...document.querySelectorAll('[aria-label="Legend"] li')].map((item) => item.textContent)).toEqual([
			'JSON Formatter',
			'URL Encoder/Decoder',
			'Base64',
		])
		const header = [...document.querySelectorAll('table thead th')].map((cell) => cell.textContent)
		expect(header).toEqual(['Day (UTC)', 'JSON Formatter', 'URL Encoder/Decoder', 'Base64', 'Total'])
		const day6 = [...document.querySelectorAll('table tbody tr')][6]!
		expect([...day6.children].map((cell) => cell.textContent)).toEqual(['Fri, 20 Feb 2026', '0', '2', '1', '3'])
		expect(document.querySelector('desc')!.textContent).toContain('JSON Formatter 4, URL Encoder/Decoder 3, Base64 1')
		// Day 5 stacks 4 + 1 in one column: the tallest (5) sets the scale (0–6 in steps of 2).
		expect(document.querySelector('svg')!.getAttribute('data-top')).toBe('6')
		const day5 = bars(document).filter((bar) => bar.day === DAYS[5])
		expect(day5.map((bar) => [bar.series, bar.value])).toEqual([
			['json-formatter', 4],
			['url-encoder', 1],
		])
		expect(day5[0]!.height + day5[1]!.height).toBeCloseTo((PLOT_HEIGHT * 5) / 6, 1)
	})

	test('one series with `legend`: the legend and the series named in the summary (one tool is still a tool)', () => {
		const html = renderToStaticMarkup(
			<DailyBarChart
				title="Runs"
				unit="runs"
				days={DAYS}
				series={[{ key: 'json-formatter', name: 'JSON Formatter', values: withValues({ 29: 4 }) }]}
				emptyMessage="None"
				legend
			/>,
		)
		const { document } = new JSDOM(`<body>${html}</body>`).window
		expect(document.querySelector('[aria-label="Legend"]')!.textContent).toBe('JSON Formatter')
		expect(document.querySelector('desc')!.textContent).toContain('; JSON Formatter 4.')
		// The data table scrolls inside a focusable, named region.
		const region = document.querySelector('details [role="region"]')!
		expect(region.getAttribute('tabindex')).toBe('0')
		expect(region.getAttribute('aria-label')).toBe('Runs: data')
	})

	test('huge counts: full numbers in the table, compact ones on the axis', () => {
		const { document } = render([{ key: 'a', name: 'A', values: withValues({ 2: 1_234_567_890 }) }])
		expect(document.querySelector('table tbody tr:nth-child(3) td')!.textContent).toBe('1,234,567,890')
		const axis = [...document.querySelectorAll('svg text')].map((text) => text.textContent)
		expect(axis).toContain('1.5B')
		const [bar] = bars(document)
		expect(bar!.height).toBeGreaterThan(0)
		expect(bar!.y + bar!.height).toBeCloseTo(BASELINE, 1)
	})

	test('tool names with markup and quotes are escaped, never markup', () => {
		const hostile = `<script>alert("x")</script>" onload="alert('y')`
		const { html, document } = render([
			{ key: 'evil', name: hostile, values: withValues({ 1: 2 }) },
			{ key: 'good', name: 'Good', values: withValues({ 1: 1 }) },
		])
		expect(html).not.toContain('<script>')
		expect(html).toContain('&lt;script&gt;')
		expect(document.querySelector('script')).toBeNull()
		expect(document.querySelectorAll('[onload]')).toHaveLength(0)
		expect(document.querySelector('[aria-label="Legend"] li')!.textContent).toBe(hostile)
		expect(document.querySelector('table thead th:nth-child(2)')!.textContent).toBe(hostile)
		expect(document.querySelector('desc')!.textContent).toContain(hostile)
	})

	test('summarizeChart: no data reads as none', () => {
		expect(summarizeChart('Sign-ups', DAYS, [{ key: 's', name: 'S', values: zeros() }], 'sign-ups')).toBe(
			'Sign-ups: no sign-ups from Sat, 14 Feb 2026 to Sun, 15 Mar 2026 (UTC).',
		)
	})
})
