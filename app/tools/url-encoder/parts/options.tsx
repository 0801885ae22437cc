/**
 * The URL tool's options: what to do (encode, decode, parse), the encoding
 * (which characters are escaped), and the decoding switches. Without
 * JavaScript the :has() rules on the form (group/url) show only the
 * fieldsets of the chosen action, and the run button's label follows it.
 */
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPill } from '#app/components/ui/radio-pill.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { cn } from '#app/utils/misc.ts'
import { type UrlOptions } from '../core.ts'
import { urlActions, urlModes, type UrlAction, type UrlMode } from '../view.ts'

type OptionsProps = { options: UrlOptions; action: UrlAction; mode: UrlMode; setOption: SetOption<UrlOptions>; hydrated: boolean }

export function UrlOptionsPanel({ options, action, mode, setOption, hydrated }: OptionsProps) {
	return (
		<>
			<fieldset data-testid="url-action">
				<legend className="font-semibold">What to do</legend>
				<div className="mt-3 flex flex-wrap gap-2">
					{urlActions.map((info) => (
						<RadioPill
							key={info.id}
							name="action"
							id={`url-action-${info.id}`}
							value={info.id}
							checked={action === info.id}
							onChange={() => setOption('action', info.id)}
						>
							{info.label}
						</RadioPill>
					))}
				</div>
			</fieldset>

			{/* Shown for Encode and Decode; the :has() rules hide it for Parse, also without JavaScript. */}
			<fieldset className="mt-6 group-has-[#url-action-parse:checked]/url:hidden" data-testid="url-mode">
				<legend className="font-semibold">Encoding</legend>
				<div className="mt-3 grid gap-2 sm:grid-cols-2">
					{urlModes.map((info) => (
						<label
							key={info.id}
							className={cn(
								'relative flex cursor-pointer gap-3 rounded-lg border border-border bg-surface p-3 hover:bg-surface-2',
								'has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:ring-1 has-[:checked]:ring-accent',
								'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[color:var(--focus)]',
							)}
						>
							<input
								type="radio"
								name="mode"
								value={info.id}
								checked={mode === info.id}
								onChange={() => setOption('mode', info.id)}
								aria-labelledby={`url-mode-${info.id}-label`}
								aria-describedby={`url-mode-${info.id}-description`}
								className="mt-1 size-4 shrink-0 accent-[color:var(--accent)] focus-visible:outline-none"
							/>
							<span className="min-w-0">
								<span className="flex flex-wrap items-baseline gap-x-2">
									<span id={`url-mode-${info.id}-label`} className="font-medium">
										{info.label}
									</span>
									<code className="font-mono text-xs text-muted">{info.code}</code>
								</span>
								<span id={`url-mode-${info.id}-description`} className="mt-1 block text-sm text-muted">
									{info.description}
								</span>
							</span>
						</label>
					))}
				</div>
			</fieldset>

			{/* Decoding options: hidden for Encode and Parse. */}
			<fieldset className="mt-6 group-has-[#url-action-encode:checked]/url:hidden group-has-[#url-action-parse:checked]/url:hidden" data-testid="url-decode-options">
				<legend className="font-semibold">Decoding</legend>
				<div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-8">
					<Checkbox
						id="url-option-plusAsSpace"
						name="plusAsSpace"
						label="Read + as a space"
						hint={mode === 'form' ? 'Always on for form data.' : 'For query strings and form data.'}
						checked={options.plusAsSpace || mode === 'form'}
						disabled={mode === 'form' && hydrated}
						onChange={(event) => setOption('plusAsSpace', event.target.checked)}
					/>
					<Checkbox
						id="url-option-decodeUntilStable"
						name="decodeUntilStable"
						label="Decode until stable"
						hint="Decode again while escapes remain (double encoding), up to 10 rounds."
						checked={options.decodeUntilStable}
						onChange={(event) => setOption('decodeUntilStable', event.target.checked)}
					/>
				</div>
			</fieldset>
		</>
	)
}

/** The run button's label: the chosen action's, or before JavaScript, the one the :has() rules show. */
export function UrlRunLabel({ hydrated, label }: { hydrated: boolean; label: string }) {
	if (hydrated) return label
	return (
		<>
			{/* Before JavaScript: the label follows the chosen action through :has(). */}
			<span className="group-has-[#url-action-decode:checked]/url:hidden group-has-[#url-action-parse:checked]/url:hidden">Encode</span>
			<span className="hidden group-has-[#url-action-decode:checked]/url:inline">Decode</span>
			<span className="hidden group-has-[#url-action-parse:checked]/url:inline">Parse URL</span>
		</>
	)
}
