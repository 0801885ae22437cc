/**
 * The result: the live preview, the capacity meter, the warnings, the
 * self-check (JavaScript on) and the downloads. Without JavaScript the
 * server's SVG is shown and both files are plain download links.
 */
import { useToast } from '#app/components/toaster.tsx'
import { downloadBlob, downloadText } from '#app/tools/kit/tool-controls.tsx'
import { cn } from '#app/utils/misc.ts'
import { type Capacity, type QrResult } from '../core.ts'
import { qrFileName } from '../file-name.ts'
import { svgDataUri } from '../render.ts'
import { canvasPng, drawSvg, type SelfCheck } from './image.client.ts'

export function CapacityMeter({ capacity, version, level, over }: { capacity: Capacity; version?: number; level: string; over?: boolean }) {
	return (
		<div className="mt-4" data-testid="qr-capacity">
			<label htmlFor="qr-capacity-meter" className="text-sm font-semibold">
				Capacity: {capacity.used.toLocaleString('en-US')} of {capacity.max.toLocaleString('en-US')} bytes at level {level}
			</label>
			<meter
				id="qr-capacity-meter"
				className="mt-1 block h-3 w-full"
				min={0}
				max={capacity.max}
				low={capacity.max * 0.6}
				high={capacity.max * 0.85}
				optimum={0}
				value={Math.min(capacity.used, capacity.max)}
			/>
			<p className={cn('mt-1 text-sm', over ? 'font-semibold text-danger' : 'text-muted')}>
				{over
					? `${(capacity.used - capacity.max).toLocaleString('en-US')} bytes too many.`
					: `Version ${version} (${capacity.limit.toLocaleString('en-US')} bytes at this size) · ${capacity.percent}% of the largest code.`}
			</p>
		</div>
	)
}

const checkText: Record<SelfCheck['state'], string> = {
	checking: 'Checking that the code scans…',
	ok: 'Scans back to exactly your content (read by an independent decoder, jsQR).',
	mismatch: 'A decoder read this code, but not as your content.',
	unreadable: 'A decoder could not read this code. Check the colours, the contrast, the logo and the margin.',
}

export function SelfCheckStatus({ check }: { check: SelfCheck }) {
	const good = check.state === 'ok'
	const bad = check.state === 'mismatch' || check.state === 'unreadable'
	return (
		<p
			role="status"
			data-testid="qr-self-check"
			data-state={check.state}
			className={cn(
				'mt-4 rounded-lg border p-3 text-sm font-semibold',
				good && 'border-success bg-success/10 text-success',
				bad && 'border-danger bg-danger/10 text-danger',
				!good && !bad && 'border-border text-muted',
			)}
		>
			{good ? '✓ ' : bad ? '✗ ' : ''}
			{checkText[check.state]}
		</p>
	)
}

export function QrPreview({
	result,
	svg,
	content,
	alt,
	hydrated,
	running,
	check,
	warnings,
}: {
	result: QrResult
	/** The SVG shown and downloaded (with the logo, if any). */
	svg: string
	/** The encoded text: the downloads are named after it (`qr-wifi-GuestNet.png`). */
	content: string
	alt: string
	hydrated: boolean
	running: boolean
	check: SelfCheck | null
	warnings: ReadonlyArray<string>
}) {
	const { toast } = useToast()
	const pngName = qrFileName(content, '.png')
	const svgName = qrFileName(content, '.svg')

	async function png(): Promise<Blob> {
		return canvasPng(await drawSvg(svg, result.width))
	}

	async function copyImage() {
		try {
			await navigator.clipboard.write([new ClipboardItem({ 'image/png': png() })])
			toast({ message: 'Copied the image', type: 'success' })
		} catch {
			toast({ message: 'Could not copy: your browser blocked copying images. Download the PNG instead.', type: 'error' })
		}
	}

	return (
		<section aria-labelledby="qr-result-title" data-testid="tool-output">
			<h2 id="qr-result-title" className="font-semibold">
				Your QR code
			</h2>
			<div className={cn('mt-2 flex justify-center rounded-lg border border-border bg-[repeating-conic-gradient(#e5e7eb_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-3', running && 'opacity-60')}>
				<img src={svgDataUri(svg)} alt={alt} width={result.width} height={result.width} className="h-auto w-full max-w-72" data-testid="qr-image" />
			</div>
			<p className="mt-2 text-sm text-muted">
				{result.width} × {result.width} px, {result.modules} × {result.modules} modules, error correction {result.errorCorrection}.
			</p>
			<div className="mt-3 flex flex-wrap gap-2">
				{hydrated ? (
					<>
						<button type="button" className="button-primary" data-testid="qr-download-png" onClick={() => void png().then((blob) => downloadBlob(blob, pngName))}>
							Download PNG
						</button>
						<button type="button" className="button-secondary" data-testid="qr-download-svg" onClick={() => downloadText(svg, svgName, 'image/svg+xml')}>
							Download SVG
						</button>
						<button type="button" className="button-secondary" data-testid="qr-copy" onClick={() => void copyImage()}>
							Copy image
						</button>
					</>
				) : (
					<>
						{result.format === 'png' ? (
							<a className="button-primary" href={result.output} download={pngName} data-testid="qr-download-png">
								Download PNG
							</a>
						) : null}
						<a className="button-secondary" href={svgDataUri(svg)} download={svgName} data-testid="qr-download-svg">
							Download SVG
						</a>
					</>
				)}
			</div>
			{warnings.length ? (
				<ul className="mt-4 space-y-1 rounded-lg border border-warning bg-warning/10 p-3 text-sm" data-testid="qr-warnings">
					{warnings.map((warning) => (
						<li key={warning}>⚠ {warning}</li>
					))}
				</ul>
			) : null}
			{check ? <SelfCheckStatus check={check} /> : null}
		</section>
	)
}
