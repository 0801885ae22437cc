/**
 * Our signature dialog (pdf.js's own needs the full viewer's signature
 * manager, which `pdfjs-dist` does not ship): a signature drawn with the
 * mouse, a pen or a finger, or typed in a handwriting-like style, becomes a
 * PNG with a transparent background, trimmed to the ink, and is placed as a
 * stamp. The last five are kept in this browser for reuse, and can be
 * deleted; its alt text is suggested ("review") from how it was made.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { Dialog } from './dialogs.tsx'
import { forgetSignature, loadSignatures, rememberSignature, type SavedSignature } from './signatures.client.ts'

const WIDTH = 600
const HEIGHT = 200
const STYLES: Array<[string, string]> = [
	['Script', 'italic 72px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive'],
	['Serif italic', 'italic 64px Georgia, "DejaVu Serif", serif'],
	['Plain', '60px system-ui, "DejaVu Sans", sans-serif'],
]

/** The smallest box holding every pixel that is not transparent, with a margin. */
function trimmed(canvas: HTMLCanvasElement): HTMLCanvasElement | null {
	const context = canvas.getContext('2d')
	if (!context) return null
	const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height)
	let top = height
	let left = width
	let right = -1
	let bottom = -1
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			if (data[(y * width + x) * 4 + 3]! > 16) {
				if (x < left) left = x
				if (x > right) right = x
				if (y < top) top = y
				if (y > bottom) bottom = y
			}
		}
	}
	if (right < 0) return null
	const margin = 8
	const out = document.createElement('canvas')
	out.width = right - left + 1 + margin * 2
	out.height = bottom - top + 1 + margin * 2
	out.getContext('2d')!.drawImage(canvas, left, top, right - left + 1, bottom - top + 1, margin, margin, right - left + 1, bottom - top + 1)
	return out
}

/** Decoded here: the CSP's connect-src does not let fetch() read data: URLs. */
function fileOf(dataUrl: string, name: string): File {
	const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1))
	const bytes = new Uint8Array(binary.length)
	for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
	return new File([bytes], name, { type: 'image/png' })
}

export function SignatureDialog({ onClose, onPlace }: { onClose: () => void; onPlace: (file: File, suggestedAltText: string) => void }) {
	const [tab, setTab] = useState<'draw' | 'type'>('draw')
	const [saved, setSaved] = useState<Array<SavedSignature>>([])
	const [name, setName] = useState('')
	const [style, setStyle] = useState(0)
	const [colour, setColour] = useState('#111827')
	const [drawn, setDrawn] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const canvasRef = useRef<HTMLCanvasElement>(null)
	const drawing = useRef<{ x: number; y: number } | null>(null)

	useEffect(() => setSaved(loadSignatures()), [])

	// The typed signature is drawn on the same canvas, so both ways end in one picture.
	useEffect(() => {
		if (tab !== 'type') return
		const canvas = canvasRef.current
		const context = canvas?.getContext('2d')
		if (!canvas || !context) return
		context.clearRect(0, 0, canvas.width, canvas.height)
		context.fillStyle = colour
		context.font = STYLES[style]![1]
		context.textBaseline = 'middle'
		context.textAlign = 'center'
		context.fillText(name, WIDTH / 2, HEIGHT / 2, WIDTH - 20)
	}, [tab, name, style, colour])

	const clear = () => {
		const canvas = canvasRef.current
		canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height)
		setDrawn(false)
	}

	const point = (event: PointerEvent<HTMLCanvasElement>) => {
		const box = event.currentTarget.getBoundingClientRect()
		return { x: ((event.clientX - box.left) / box.width) * WIDTH, y: ((event.clientY - box.top) / box.height) * HEIGHT }
	}

	const place = (dataUrl: string, alt: string) => onPlace(fileOf(dataUrl, 'signature.png'), alt)

	const make = () => {
		const canvas = canvasRef.current
		if (!canvas) return
		const picture = trimmed(canvas)
		if (!picture) {
			setError(tab === 'draw' ? 'Draw your signature in the box first.' : 'Type your name first.')
			return
		}
		const dataUrl = picture.toDataURL('image/png')
		const typedName = name.trim()
		const alt = tab === 'type' && typedName ? `Signature of ${typedName}` : 'Handwritten signature'
		const signature: SavedSignature = { id: crypto.randomUUID(), dataUrl, kind: tab === 'type' ? 'typed' : 'drawn', label: alt, createdAt: new Date().toISOString() }
		setSaved(rememberSignature(signature))
		place(dataUrl, alt)
	}

	return (
		<Dialog title="Add a signature" onCancel={onClose} testId="pdf-signature-dialog">
			<div className="mt-3 flex gap-2" role="tablist" aria-label="How to sign">
				{(['draw', 'type'] as const).map((value) => (
					<button
						key={value}
						type="button"
						role="tab"
						aria-selected={tab === value}
						className={tab === value ? 'button-primary' : 'button-secondary'}
						onClick={() => {
							setTab(value)
							setError(null)
							clear()
						}}
						data-testid={`pdf-signature-${value}-tab`}
					>
						{value === 'draw' ? 'Draw' : 'Type'}
					</button>
				))}
			</div>
			<div className="mt-3 space-y-2" role="tabpanel">
				{tab === 'type' ? (
					<div className="flex flex-wrap items-end gap-2">
						<label className="grow">
							<span className="block text-sm font-medium">Your name</span>
							<input className="mt-1 w-full rounded border border-border bg-surface px-2 py-1" value={name} maxLength={60} onChange={(event) => setName(event.currentTarget.value)} data-testid="pdf-signature-name" autoFocus />
						</label>
						<label>
							<span className="block text-sm font-medium">Style</span>
							<select className="mt-1 rounded border border-border bg-surface px-2 py-1" value={style} onChange={(event) => setStyle(Number(event.currentTarget.value))}>
								{STYLES.map(([label], index) => (
									<option key={label} value={index}>
										{label}
									</option>
								))}
							</select>
						</label>
					</div>
				) : (
					<p className="text-sm text-muted">Sign in the box with the mouse, a pen or a finger.</p>
				)}
				<canvas
					ref={canvasRef}
					width={WIDTH}
					height={HEIGHT}
					className="w-full touch-none rounded border border-border bg-white"
					aria-label={tab === 'draw' ? 'Signature drawing area' : 'Preview of the typed signature'}
					role="img"
					data-testid="pdf-signature-canvas"
					onPointerDown={(event) => {
						if (tab !== 'draw') return
						event.currentTarget.setPointerCapture(event.pointerId)
						drawing.current = point(event)
					}}
					onPointerMove={(event) => {
						const from = drawing.current
						const context = event.currentTarget.getContext('2d')
						if (tab !== 'draw' || !from || !context) return
						const to = point(event)
						context.strokeStyle = colour
						context.lineWidth = 4
						context.lineCap = 'round'
						context.lineJoin = 'round'
						context.beginPath()
						context.moveTo(from.x, from.y)
						context.lineTo(to.x, to.y)
						context.stroke()
						drawing.current = to
						setDrawn(true)
						setError(null)
					}}
					onPointerUp={() => {
						drawing.current = null
					}}
				/>
				<div className="flex flex-wrap items-center gap-2">
					<label className="flex items-center gap-1 text-sm">
						Ink
						<input type="color" value={colour} onChange={(event) => setColour(event.currentTarget.value)} className="h-8 w-10 rounded border border-border" />
					</label>
					{tab === 'draw' ? (
						<button type="button" className="button-secondary" onClick={clear} disabled={!drawn}>
							Clear
						</button>
					) : null}
				</div>
				{error ? (
					<p role="alert" className="text-sm text-danger">
						{error}
					</p>
				) : null}
			</div>
			{saved.length ? (
				<div className="mt-4">
					<h3 className="text-sm font-medium">Your recent signatures (kept in this browser only)</h3>
					<ul className="mt-2 grid grid-cols-2 gap-2" data-testid="pdf-saved-signatures">
						{saved.map((signature) => (
							<li key={signature.id} className="flex items-center gap-1 rounded border border-border p-1">
								<button type="button" className="grow rounded bg-white p-1" onClick={() => place(signature.dataUrl, signature.label)} aria-label={`Place ${signature.label.toLowerCase()} from ${new Date(signature.createdAt).toLocaleDateString()}`}>
									<img src={signature.dataUrl} alt="" className="mx-auto h-10 object-contain" />
								</button>
								<button type="button" className="button-secondary px-2" onClick={() => setSaved(forgetSignature(signature.id))} aria-label={`Delete ${signature.label.toLowerCase()}`} data-testid="pdf-forget-signature">
									×
								</button>
							</li>
						))}
					</ul>
				</div>
			) : null}
			<div className="mt-4 flex justify-end gap-2">
				<button type="button" className="button-secondary" onClick={onClose}>
					Cancel
				</button>
				<button type="button" className="button-primary" onClick={make} data-testid="pdf-signature-place">
					Place signature
				</button>
			</div>
		</Dialog>
	)
}
