import { type UrlDecodeResult, type UrlEncodeResult, type UrlParseResult } from '#app/tools/url-encoder/core.ts'
import { plural } from '#app/tools/url-encoder/view.ts'

export type Result = UrlEncodeResult | UrlDecodeResult | UrlParseResult

export function Stats({ result }: { result: UrlEncodeResult | UrlDecodeResult }) {
	const { stats } = result
	return (
		<>
			{plural(stats.inputChars, 'character')} → {plural(stats.outputChars, 'character')} · {plural(stats.outputBytes, 'byte')} of UTF-8
			{isDecodeResult(result) && result.rounds > 1 ? ` · decoded ${result.rounds} times` : null}
		</>
	)
}

export function statusMessage(result: Result | null): string {
	if (!result) return ''
	if (isParseResult(result)) return `Parsed: ${plural(result.parsed.query.length, 'query parameter')}`
	if (isDecodeResult(result)) return result.rounds > 1 ? `Decoded in ${result.rounds} rounds` : 'Decoded'
	return 'Encoded'
}

export function isParseResult(result: Result | null): result is UrlParseResult {
	return result !== null && typeof result.parsed === 'object' && result.parsed !== null
}

export function isDecodeResult(result: Result | null): result is UrlDecodeResult {
	return result !== null && typeof result.rounds === 'number'
}
