import { useEffect, useState } from 'react'
import { charsetLabels, decodeToBytes, type Base64DecodeResult, type Base64EncodeResult, type Base64Options } from '#app/tools/base64-encoder/core.ts'
import { decodeTextInWorker, isAbort } from '#app/tools/base64-encoder/file-runner.client.ts'
import { inputSizes, MAIN_THREAD_DECODE_LIMIT, plural, sizePair } from '#app/tools/base64-encoder/view.ts'

export type Result = Base64EncodeResult | Base64DecodeResult

export function isDecodeResult(result: Result | null): result is Base64DecodeResult {
	return result !== null && 'binary' in result
}

export function Sizes({ input, options, result }: { input: string; options: Base64Options; result: Result | null }) {
	const encoding = options.action === 'encode'
	const before = result ? { chars: result.stats.inputChars, bytes: result.stats.inputBytes } : inputSizes(input, options)
	const inputCharset = encoding ? charsetLabels[options.charset] : 'UTF-8'
	let after = '—'
	if (result) {
		if (isDecodeResult(result)) {
			after = result.binary ? `${plural(result.bytes, 'byte')} of binary data` : `${sizePair(result.stats.outputChars, result.stats.outputBytes)} in ${charsetLabels[options.charset]}`
		} else {
			after = sizePair(result.stats.outputChars, result.stats.outputBytes)
		}
	}
	return (
		<dl className="mt-4 grid gap-2 rounded-lg bg-surface-2 p-3 text-sm tabular-nums sm:grid-cols-2" data-testid="tool-sizes">
			<div>
				<dt className="inline font-medium">Before: </dt>
				<dd className="inline" data-testid="tool-size-before">
					{sizePair(before.chars, before.bytes)} in {inputCharset}
				</dd>
			</div>
			<div>
				<dt className="inline font-medium">After: </dt>
				<dd className="inline" data-testid="tool-size-after">
					{after}
				</dd>
			</div>
		</dl>
	)
}

export function statusMessage(result: Result | null): string {
	if (!result) return ''
	if (isDecodeResult(result)) return result.binary ? `Decoded ${plural(result.bytes, 'byte')} of binary data` : `Decoded ${plural(result.bytes, 'byte')}`
	return `Encoded ${plural(result.bytes, 'byte')}`
}

/**
 * The bytes behind a binary result, for the preview and the download (the
 * core's result holds only the hex dump): decoded again here, on the main
 * thread when short, in the file worker when long.
 */
export function useDecodedBytes(active: boolean, input: string, options: Base64Options): Uint8Array | null {
	const [bytes, setBytes] = useState<Uint8Array | null>(null)
	const { strict, alphabet, padding } = options
	useEffect(() => {
		setBytes(null)
		if (!active) return
		const decodeOptions = { strict, alphabet, padding }
		if (input.length <= MAIN_THREAD_DECODE_LIMIT) {
			try {
				setBytes(decodeToBytes(input, decodeOptions))
			} catch {
				// The core's run reported the problem already.
			}
			return
		}
		let current = true
		decodeTextInWorker({ text: input, options: decodeOptions })
			.then((decoded) => current && setBytes(decoded.bytes))
			.catch((error: unknown) => {
				if (!isAbort(error)) console.error(error)
			})
		return () => {
			current = false
		}
	}, [active, input, strict, alphabet, padding])
	return bytes
}
