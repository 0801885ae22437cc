/**
 * Decoded bytes that are not text: what they are, a preview where the
 * browser can show one safely (images in an `<img>`, PDFs in the browser's
 * own viewer), and a download with the right extension. Used for Base64
 * pasted in the text box and for Base64 files.
 *
 * The bytes are only ever handed to the browser as a blob: URL of an image
 * or PDF type, or downloaded as `application/octet-stream` (view.ts
 * `blobType`), so decoded HTML can never open as a page of this site. An SVG
 * is shown only in an `<img>`, where its scripts never run (and a blob:
 * document opened by hand inherits this page's CSP, which refuses inline
 * scripts).
 *
 * A PDF opens in the browser's own viewer in a new tab ("Open preview"), not
 * in an iframe here: the CSP allows `frame-src blob:`, but Chromium's viewer
 * then sometimes fetches the blob, which `connect-src 'self'` refuses.
 */
import { useEffect, useState } from 'react'
import { downloadBlob } from '#app/tools/kit/tool-controls.tsx'
import { cn } from '#app/utils/misc.ts'
import { type FileType } from '../core.ts'
import { blobType, decodedFileName, formatSize, isPdf, isPreviewableImage, plural } from '../view.ts'

/** A blob: URL for `bytes`, revoked when they change or the component goes. */
export function useObjectUrl(bytes: Uint8Array | null, type: string): string | null {
	const [url, setUrl] = useState<string | null>(null)
	useEffect(() => {
		if (!bytes) {
			setUrl(null)
			return
		}
		const next = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }))
		setUrl(next)
		// Revoked a little later: an <img> still loading the old URL would otherwise fail (ERR_FILE_NOT_FOUND).
		return () => void setTimeout(() => URL.revokeObjectURL(next), 10_000)
	}, [bytes, type])
	return url
}

export function downloadBytes(bytes: Uint8Array, type: FileType | null) {
	downloadBlob(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: blobType(type) }), decodedFileName(type))
}

type DecodedBytesPanelProps = {
	id: string
	/** How many bytes were decoded (known before the bytes themselves are, e.g. from the server). */
	byteCount: number
	detectedType: FileType | null
	/** The bytes, once decoded in the browser; null without JavaScript or while decoding. */
	bytes: Uint8Array | null
	hydrated: boolean
	/** The heading: the text box's decode says the bytes are shown as a hex dump. */
	heading: string
	className?: string
}

export function DecodedBytesPanel({ id, byteCount, detectedType, bytes, hydrated, heading, className }: DecodedBytesPanelProps) {
	const type = blobType(detectedType)
	const url = useObjectUrl(bytes, type)
	const image = isPreviewableImage(detectedType)
	const pdf = isPdf(detectedType)
	const [imageState, setImageState] = useState<{ url: string; size?: string; failed?: boolean } | null>(null)
	const shownImage = imageState?.url === url ? imageState : null
	const filename = decodedFileName(detectedType)

	return (
		<section aria-labelledby={`${id}-heading`} className={cn('rounded-lg border border-border bg-surface-2 p-4', className)} data-testid={`${id}`}>
			<h3 id={`${id}-heading`} className="font-semibold" data-testid={`${id}-note`}>
				{heading}
			</h3>
			<p className="mt-1 text-sm" data-testid={`${id}-type`}>
				{detectedType ? (
					<>
						Detected type: <strong>{detectedType.label}</strong> <span className="text-muted">({detectedType.mime})</span>
					</>
				) : (
					<>The type was not recognised, so the bytes download as {filename}.</>
				)}
			</p>

			{image && url ? (
				<figure className="mt-4">
					{shownImage?.failed ? (
						<p className="text-sm text-muted" data-testid={`${id}-preview-failed`}>
							Your browser cannot show this kind of image; download it to open it in another program.
						</p>
					) : (
						<img
							src={url}
							alt={`Preview of the decoded ${detectedType.label}`}
							data-testid={`${id}-image`}
							className="max-h-72 w-auto max-w-full min-w-16 rounded border border-border bg-[repeating-conic-gradient(#d4d4d8_0%_25%,#ffffff_0%_50%)] bg-[length:16px_16px] [image-rendering:pixelated]"
							onLoad={(event) => {
								const { naturalWidth, naturalHeight } = event.currentTarget
								setImageState({ url, size: `${naturalWidth.toLocaleString('en-US')} × ${naturalHeight.toLocaleString('en-US')} pixels` })
							}}
							onError={() => setImageState({ url, failed: true })}
						/>
					)}
					{shownImage?.size ? <figcaption className="mt-2 text-sm text-muted">{shownImage.size}</figcaption> : null}
				</figure>
			) : null}

			<div className="mt-4 flex flex-wrap gap-2">
				<button
					type="button"
					className="button-primary"
					data-testid={`${id}-download`}
					disabled={!bytes}
					onClick={() => bytes && downloadBytes(bytes, detectedType)}
				>
					Download {filename}
					<span className="sr-only"> ({plural(byteCount, 'byte')})</span>
				</button>
				{pdf && url ? (
					<a href={url} target="_blank" rel="noopener noreferrer" className="button-secondary" data-testid={`${id}-open`}>
						Open preview
					</a>
				) : null}
			</div>
			<p className="mt-2 text-sm text-muted">
				{hydrated
					? `${formatSize(byteCount)}; the download holds the exact bytes.`
					: 'Previews and the download of the bytes need JavaScript; the hex dump shows them.'}
			</p>
		</section>
	)
}
