/**
 * The Base64 page's "Files" card: encode any file (up to 50 MB) to Base64
 * or a data URI, and decode a Base64 file back to its bytes. Everything runs
 * in the file worker (file-runner.client.ts), with a progress bar; nothing
 * is uploaded. A long result is never put whole into a text area (50 MB of
 * file is 67 MB of text): the first few KB are shown, and Copy and Download
 * take all of it.
 *
 * Needs JavaScript; without it the card says so.
 */
import { useCallback, useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react'
import { downloadText, ToolErrorNotice, useCopy } from '#app/tools/kit/tool-controls.tsx'
import { type ErrorBody } from '#app/utils/errors.ts'
import { cn } from '#app/utils/misc.ts'
import { hexDump, type Base64Options } from '../core.ts'
import { DecodedBytesPanel } from './decoded-bytes.tsx'
import { decodeFileInWorker, encodeFileInWorker, isAbort, warmUpFileWorker } from '../file-runner.client.ts'
import type { DecodedBytes, EncodedFile } from '../file-worker.ts'
import { encodedFileName, formatSize, MAX_BASE64_FILE_BYTES, MAX_FILE_BYTES, plural, previewText, type FileFormat } from '../view.ts'

type CodecOptions = Pick<Base64Options, 'alphabet' | 'padding' | 'wrap' | 'strict'>

type Job<R> = {
	file: File | null
	running: boolean
	progress: number
	result: R | null
	error: ErrorBody | null
	/** Milliseconds from choosing the file to the result on screen. */
	elapsed: number | null
}

const idle = { file: null, running: false, progress: 0, result: null, error: null, elapsed: null }

function errorBody(error: unknown): ErrorBody {
	if (error && typeof error === 'object' && 'message' in error && 'status' in error && 'code' in error) {
		const { message, status, code, details } = error as ErrorBody
		return { message, status, code, details }
	}
	return { message: 'Something went wrong while reading the file. Please try again.', status: 500, code: 'INTERNAL_ERROR' }
}

function tooLarge(file: File, limit: number): ErrorBody {
	return {
		message: `${file.name} is too large: ${formatSize(file.size)} (limit ${formatSize(limit)} in the browser).`,
		status: 413,
		code: 'PAYLOAD_TOO_LARGE',
		details: { limit, size: file.size },
	}
}

/**
 * A file job: runs `work` when the file (or what `key` names: format,
 * options) changes; a newer run cancels the older one.
 */
function useFileJob<R>(limit: number, key: string, work: (file: File, onProgress: (fraction: number) => void) => Promise<R>) {
	const [job, setJob] = useState<Job<R>>(idle)
	const startedAt = useRef(0)
	const workRef = useRef(work)
	workRef.current = work

	const setFile = useCallback(
		(file: File | null) => {
			startedAt.current = performance.now()
			if (file && file.size > limit) {
				setJob({ ...idle, file: null, error: tooLarge(file, limit) })
				return
			}
			setJob({ ...idle, file })
		},
		[limit],
	)

	const file = job.file
	const lastFile = useRef<File | null>(null)
	useEffect(() => {
		if (!file) return
		// A new format or new options for the same file: time the new run from now.
		if (lastFile.current === file) startedAt.current = performance.now()
		lastFile.current = file
		let current = true
		setJob((state) => ({ ...state, running: true, progress: 0, error: null, elapsed: null }))
		workRef
			.current(file, (progress) => current && setJob((state) => ({ ...state, progress })))
			.then((result) => current && setJob((state) => ({ ...state, running: false, progress: 1, result })))
			.catch((error: unknown) => {
				if (!current || isAbort(error)) return
				setJob((state) => ({ ...state, running: false, result: null, error: errorBody(error) }))
			})
		return () => {
			current = false
		}
	}, [file, key])

	// The time is taken once the result is on screen (this effect runs after the commit).
	const result = job.result
	useEffect(() => {
		if (result) setJob((state) => ({ ...state, elapsed: performance.now() - startedAt.current }))
	}, [result])

	return { ...job, setFile }
}

export function useFileEncoder(options: CodecOptions) {
	const [format, setFormat] = useState<FileFormat>('base64')
	// Start the worker once the page has settled, so the first file does not wait for it.
	useEffect(() => {
		const timer = setTimeout(() => warmUpFileWorker('encode'), 500)
		return () => clearTimeout(timer)
	}, [])
	const { alphabet, padding, wrap } = options
	// Options change the Base64, not a data URI (always standard, padded, one line).
	const key = format === 'data-uri' ? format : `${format}:${alphabet}:${padding}:${wrap}`
	const job = useFileJob<EncodedFile>(MAX_FILE_BYTES, key, (file, onProgress) =>
		encodeFileInWorker({ file, format, options: { alphabet, padding, wrap } }, onProgress),
	)
	return { ...job, format, setFormat }
}

export function useFileDecoder(options: CodecOptions) {
	const { alphabet, padding, strict } = options
	const job = useFileJob<DecodedBytes>(MAX_BASE64_FILE_BYTES, `${alphabet}:${padding}:${strict}`, (file, onProgress) =>
		decodeFileInWorker({ file, options: { alphabet, padding, strict } }, onProgress),
	)
	return job
}

export type FileEncoder = ReturnType<typeof useFileEncoder>
export type FileDecoder = ReturnType<typeof useFileDecoder>

export function FilesSection({ hydrated, encoder, decoder }: { hydrated: boolean; encoder: FileEncoder; decoder: FileDecoder }) {
	return (
		<section aria-labelledby="files-heading" className="card mt-8 p-4 sm:p-6" id="files" data-testid="files">
			<h2 id="files-heading" className="text-xl font-semibold">
				Files
			</h2>
			<p className="mt-2 text-sm text-muted">
				Files up to {formatSize(MAX_FILE_BYTES)} are encoded and decoded in your browser: they are never uploaded.
			</p>
			{hydrated ? null : (
				<p className="mt-3 rounded-lg border border-warning bg-warning/10 p-3 text-sm" data-testid="files-need-js">
					Encoding and decoding files needs JavaScript, which is off or still loading. The text box above works without it.
				</p>
			)}
			<div className="mt-6 grid gap-8 lg:grid-cols-2">
				<EncodeFile hydrated={hydrated} encoder={encoder} />
				<DecodeFile hydrated={hydrated} decoder={decoder} />
			</div>
		</section>
	)
}

function DropZone({
	id,
	hydrated,
	accept,
	label,
	hint,
	onFile,
}: {
	id: string
	hydrated: boolean
	accept?: string
	label: string
	hint: ReactNode
	onFile: (file: File) => void
}) {
	const [dragging, setDragging] = useState(false)
	return (
		<div
			className={cn(
				'mt-3 flex flex-col items-start gap-2 rounded-lg border-2 border-dashed border-border p-4',
				dragging && 'border-accent bg-accent-soft',
			)}
			onDragOver={(event: DragEvent<HTMLDivElement>) => {
				if (!hydrated || !event.dataTransfer.types.includes('Files')) return
				event.preventDefault()
				setDragging(true)
			}}
			onDragLeave={() => setDragging(false)}
			onDrop={(event: DragEvent<HTMLDivElement>) => {
				const file = event.dataTransfer.files[0]
				if (!file) return
				event.preventDefault()
				setDragging(false)
				onFile(file)
			}}
		>
			<label className={cn('button-secondary cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-[color:var(--focus)]', !hydrated && 'pointer-events-none opacity-60')}>
				{label}
				<input
					id={id}
					type="file"
					className="sr-only"
					accept={accept}
					disabled={!hydrated}
					data-testid={id}
					onChange={(event) => {
						const file = event.target.files?.[0]
						if (file) onFile(file)
						event.target.value = ''
					}}
				/>
			</label>
			<p className="text-sm text-muted">{hint}</p>
		</div>
	)
}

function Progress({ label, value }: { label: string; value: number }) {
	return (
		<span className="inline-flex items-center gap-3">
			{label}
			<progress className="h-2 w-40" max={1} value={value} aria-label={`${label} progress`}>
				{Math.round(value * 100)}%
			</progress>
		</span>
	)
}

function EncodeFile({ hydrated, encoder }: { hydrated: boolean; encoder: FileEncoder }) {
	const copy = useCopy()
	const { file, running, progress, result, error, elapsed, format, setFormat } = encoder
	const preview = result ? previewText(result.text) : null
	const done = result && !running && file

	return (
		<div className="min-w-0">
			<h3 className="font-semibold">Encode a file</h3>
			<DropZone
				id="file-encode-input"
				hydrated={hydrated}
				label="Choose a file to encode"
				hint={<>Any type of file, up to {formatSize(MAX_FILE_BYTES)}; or drop it here (or on the text box in Encode mode).</>}
				onFile={encoder.setFile}
			/>
			<fieldset className="mt-4">
				<legend className="text-sm font-medium">Result</legend>
				<div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
					{(
						[
							['base64', 'Base64'],
							['data-uri', 'Data URI (data:…;base64,…)'],
						] as const
					).map(([value, text]) => (
						<label key={value} className="inline-flex cursor-pointer items-center gap-2">
							<input
								type="radio"
								name="file-format"
								value={value}
								checked={format === value}
								disabled={!hydrated}
								onChange={() => setFormat(value)}
								data-testid={`file-format-${value}`}
								className="size-4 accent-[color:var(--accent)]"
							/>
							{text}
						</label>
					))}
				</div>
				<p className="mt-1 text-sm text-muted">Base64 follows the alphabet, padding and line-wrap options above; a data URI is always standard Base64 on one line.</p>
			</fieldset>

			<div className="mt-4 min-h-6 text-sm text-muted" aria-live="polite" data-testid="file-encode-status">
				{running ? <Progress label={`Encoding ${file?.name ?? 'the file'}…`} value={progress} /> : null}
				{done ? (
					<span
						data-testid="file-encode-done"
						data-ms={elapsed === null ? undefined : Math.round(elapsed)}
						data-worker-ms={Math.round(result.ms)}
					>
						{file.name}: {formatSize(result.inputBytes)} → {formatSize(result.text.length)} of {format === 'data-uri' ? 'data URI' : 'Base64'} (
						{plural(result.text.length, 'character')})
					</span>
				) : null}
			</div>
			{error ? (
				<div className="mt-3">
					<ToolErrorNotice error={error} input="" />
				</div>
			) : null}

			{preview ? (
				<div className="mt-3">
					<label htmlFor="file-encode-output" className="text-sm font-medium">
						{preview.more ? 'The beginning of the result' : 'Result'}
					</label>
					<textarea
						id="file-encode-output"
						data-testid="file-encode-output"
						readOnly
						value={preview.text}
						rows={8}
						spellCheck={false}
						aria-describedby={preview.more ? 'file-encode-more' : undefined}
						className="mt-2 w-full resize-y rounded-lg border border-border bg-surface-2 p-3 font-mono text-sm break-all text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
					/>
					{preview.more ? (
						<p id="file-encode-more" className="mt-1 text-sm text-muted" data-testid="file-encode-more">
							{preview.more} — too long to show here; Copy and Download take the whole text.
						</p>
					) : null}
					<div className="mt-3 flex flex-wrap gap-2">
						<button type="button" className="button-secondary" data-testid="file-encode-copy" disabled={running} onClick={() => result && void copy(result.text)}>
							Copy
						</button>
						<button
							type="button"
							className="button-secondary"
							data-testid="file-encode-download"
							disabled={running}
							onClick={() => result && file && downloadText(result.text, encodedFileName(file.name, format), 'text/plain;charset=us-ascii')}
						>
							Download .txt
						</button>
					</div>
				</div>
			) : null}
		</div>
	)
}

function DecodeFile({ hydrated, decoder }: { hydrated: boolean; decoder: FileDecoder }) {
	const { file, running, progress, result, error } = decoder
	const [dump, setDump] = useState('')
	useEffect(() => setDump(result ? hexDump(result.bytes, 256) : ''), [result])

	return (
		<div className="min-w-0">
			<h3 className="font-semibold">Decode to a file</h3>
			<DropZone
				id="file-decode-input"
				hydrated={hydrated}
				accept=".txt,.b64,.base64,.pem,text/plain"
				label="Choose a Base64 file"
				hint={<>A text file of Base64 (or a data URI), up to {formatSize(MAX_BASE64_FILE_BYTES)}; or drop it here. You get the bytes back as a file.</>}
				onFile={decoder.setFile}
			/>
			<div className="mt-4 min-h-6 text-sm text-muted" aria-live="polite" data-testid="file-decode-status">
				{running ? <Progress label={`Decoding ${file?.name ?? 'the file'}…`} value={progress} /> : null}
				{result && !running && file ? (
					<span data-testid="file-decode-done">
						{file.name}: {formatSize(file.size)} of Base64 → {formatSize(result.bytes.length)}
					</span>
				) : null}
			</div>
			{error ? (
				<div className="mt-3">
					<ToolErrorNotice error={error} input="" />
				</div>
			) : null}
			{result && !running ? (
				<>
					<DecodedBytesPanel
						id="file-decoded"
						className="mt-3"
						heading={`Decoded ${plural(result.bytes.length, 'byte')}`}
						byteCount={result.bytes.length}
						detectedType={result.detectedType}
						bytes={result.bytes}
						hydrated={hydrated}
					/>
					{dump ? (
						<details className="mt-3">
							<summary className="cursor-pointer text-sm font-medium">The first bytes as a hex dump</summary>
							<pre
								className="mt-2 overflow-x-auto rounded bg-surface-2 p-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]"
								data-testid="file-decode-hex"
								tabIndex={0}
							>
								{dump}
							</pre>
						</details>
					) : null}
				</>
			) : null}
		</div>
	)
}
