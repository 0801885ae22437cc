/**
 * How the code looks: error correction, size, quiet zone, colours (with a
 * transparent background) and the optional centre logo. Real form fields,
 * so the form posts them without JavaScript (the logo needs JavaScript: it
 * stays in the browser).
 */
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPillGroup } from '#app/components/ui/radio-pill.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { errorCorrectionLabels, errorCorrectionLevels, MAX_SIZE, MIN_SIZE, type QrOptions } from '../core.ts'
import { type Logo } from '../logo.ts'

const levels = errorCorrectionLevels.map((id) => ({ id, label: errorCorrectionLabels[id] }))

export function LookOptions({
	options,
	setOption,
	hydrated,
	logo,
	setLogo,
}: {
	options: QrOptions
	setOption: SetOption<QrOptions>
	hydrated: boolean
	logo: Logo | null
	setLogo: (logo: Logo | null) => void
}) {
	function onLogoFile(file: File | undefined) {
		if (!file) return
		const reader = new FileReader()
		reader.onload = () => {
			if (typeof reader.result !== 'string') return
			setLogo({ dataUrl: reader.result, scale: logo?.scale ?? 0.22 })
			// A logo hides modules: only the highest level repairs enough of them.
			setOption('errorCorrection', 'H')
		}
		reader.readAsDataURL(file)
	}

	return (
		<div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
			<div>
				<RadioPillGroup
					legend="Error correction"
					name="errorCorrection"
					choices={levels}
					value={options.errorCorrection}
					onChange={(value) => setOption('errorCorrection', value)}
					testId="qr-error-correction"
					hint="How much damage the code survives. Higher levels hold less."
				/>
			</div>

			<div className="grid grid-cols-2 gap-4">
				<div>
					<label htmlFor="qr-size" className="font-semibold">
						Size (px)
					</label>
					<input
						id="qr-size"
						name="size"
						type="number"
						min={MIN_SIZE}
						max={MAX_SIZE}
						step={32}
						className="form-input mt-1 w-full"
						value={options.size}
						data-testid="qr-size"
						onChange={(event) => {
							const value = Number(event.target.value)
							if (Number.isInteger(value) && value >= MIN_SIZE && value <= MAX_SIZE) setOption('size', value)
						}}
					/>
				</div>
				<div>
					<label htmlFor="qr-margin" className="font-semibold">
						Margin
					</label>
					<input
						id="qr-margin"
						name="margin"
						type="number"
						min={0}
						max={16}
						className="form-input mt-1 w-full"
						value={options.margin}
						aria-describedby="qr-margin-hint"
						onChange={(event) => {
							const value = Number(event.target.value)
							if (Number.isInteger(value) && value >= 0 && value <= 16) setOption('margin', value)
						}}
					/>
					<p id="qr-margin-hint" className="mt-1 text-sm text-muted">
						In modules; 4 is standard.
					</p>
				</div>
			</div>

			<fieldset>
				<legend className="font-semibold">Colours</legend>
				<div className="mt-1 flex flex-wrap items-center gap-4">
					<label className="flex items-center gap-2 text-sm">
						<input type="color" name="dark" value={options.dark} data-testid="qr-dark" className="h-9 w-12 cursor-pointer rounded border border-border" onChange={(event) => setOption('dark', event.target.value)} />
						Foreground
					</label>
					<label className="flex items-center gap-2 text-sm">
						<input type="color" name="light" value={options.light} data-testid="qr-light" className="h-9 w-12 cursor-pointer rounded border border-border" onChange={(event) => setOption('light', event.target.value)} />
						Background
					</label>
				</div>
				<div className="mt-2 text-sm">
					<Checkbox id="qr-transparent" name="transparent" label="Transparent background" checked={options.transparent} onChange={(event) => setOption('transparent', event.target.checked)} />
				</div>
			</fieldset>

			{hydrated ? (
				<fieldset>
					<legend className="font-semibold">Logo</legend>
					<label htmlFor="qr-logo" className="mt-1 block text-sm">
						Image for the centre (stays in your browser)
					</label>
					<input
						id="qr-logo"
						type="file"
						accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
						className="mt-1 block w-full text-sm"
						data-testid="qr-logo"
						onChange={(event) => onLogoFile(event.target.files?.[0])}
					/>
					{logo ? (
						<div className="mt-2 text-sm">
							<label htmlFor="qr-logo-size">Logo width: {Math.round(logo.scale * 100)}% of the code</label>
							<input
								id="qr-logo-size"
								type="range"
								min={10}
								max={40}
								value={Math.round(logo.scale * 100)}
								className="block w-full"
								onChange={(event) => setLogo({ ...logo, scale: Number(event.target.value) / 100 })}
							/>
							<button type="button" className="button-secondary mt-1" onClick={() => setLogo(null)}>
								Remove logo
							</button>
						</div>
					) : null}
				</fieldset>
			) : null}
		</div>
	)
}
