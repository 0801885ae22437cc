import { Icon } from '#app/components/icon.tsx'
import { type ToolActionData } from '#app/tools/kit/content.ts'
import { type JsonFormatResult, type JsonStats } from '#app/tools/json-formatter/core.ts'
import { formatBytes } from '#app/utils/format.ts'
import { cn } from '#app/utils/misc.ts'

export function SizeNote({ stats }: { stats: JsonStats }) {
	return (
		<>
			{formatBytes(stats.bytesIn)} → {formatBytes(stats.bytesOut)}
		</>
	)
}

export function ValidationPane({ result, error, running }: { result: JsonFormatResult | null; error: ToolActionData['error']; running: boolean }) {
	const problems = ((error?.details ?? {}) as { errors?: ReadonlyArray<unknown> }).errors?.length ?? 0
	return (
		<div className="flex min-w-0 flex-col" data-testid="json-validation" aria-busy={running || undefined}>
			<p className="font-semibold">Result</p>
			{result?.valid ? (
				<div className={cn('mt-2 rounded-lg border border-success bg-success/10 p-4', running && 'opacity-70')} data-testid="json-valid">
					<p className="flex items-center gap-2 text-lg font-semibold text-success">
						<Icon name="check" className="size-6" />
						Valid JSON
					</p>
					<dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
						<Stat label="Keys" value={result.stats.keys.toLocaleString('en-US')} />
						<Stat label="Values" value={result.stats.values.toLocaleString('en-US')} />
						<Stat label="Depth" value={result.stats.depth.toLocaleString('en-US')} />
						<Stat label="Size" value={formatBytes(result.stats.bytesIn)} />
					</dl>
				</div>
			) : error ? (
				<div className="mt-2 rounded-lg border border-danger bg-danger/10 p-4" data-testid="json-invalid">
					<p className="flex items-center gap-2 text-lg font-semibold text-danger">
						<Icon name="error" className="size-6" />
						{error.status === 400 && problems > 0 ? 'Not valid JSON' : 'Could not check this input'}
					</p>
					<p className="mt-1 text-sm">
						{problems > 1 ? `${problems.toLocaleString('en-US')} problems found; ` : ''}
						the details are below.
					</p>
				</div>
			) : (
				<p className="mt-2 rounded-lg border border-border bg-surface-2 p-4 text-sm text-muted">Whether your JSON is valid appears here, with its keys, values, depth and size.</p>
			)}
		</div>
	)
}

export function Stat({ label, value }: { label: string; value: string }) {
	return (
		<div>
			<dt className="text-muted">{label}</dt>
			<dd className="font-semibold tabular-nums">{value}</dd>
		</div>
	)
}

export function ProblemList({ id, title, tone, items }: { id: string; title: string; tone: 'warning' | 'info'; items: ReadonlyArray<string> }) {
	return (
		<div
			className={cn('rounded-lg border p-4 text-sm', tone === 'warning' ? 'border-warning bg-warning/10' : 'border-border bg-surface-2')}
			data-testid={id}
		>
			<p id={`${id}-title`} className={cn('flex items-center gap-2 font-semibold', tone === 'warning' && 'text-warning')}>
				<Icon name={tone === 'warning' ? 'warning' : 'info'} className="size-5" />
				{title}
			</p>
			<ul aria-labelledby={`${id}-title`} className="mt-2 list-disc space-y-1 pl-5">
				{items.map((item, index) => (
					<li key={index}>{item}</li>
				))}
			</ul>
		</div>
	)
}
