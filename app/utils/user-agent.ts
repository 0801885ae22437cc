/**
 * "Firefox on Windows"-style names for the profile's session list, from a
 * User-Agent string. Good enough to recognise one's own devices; never used
 * for anything that matters.
 */
const BROWSERS: Array<[RegExp, string]> = [
	[/\bEdg(?:e|A|iOS)?\//, 'Edge'],
	[/\bOPR\/|\bOpera\b/, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\bFirefox\/|\bFxiOS\//, 'Firefox'],
	[/\bCriOS\/|Chrom(?:e|ium)\//, 'Chrome'],
	[/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
	[/\bcurl\//i, 'curl'],
	[/\bnode(?:-fetch)?\b|\bundici\b/i, 'Node.js'],
	[/\bpython-requests\b|\bpython\b/i, 'Python'],
	[/\bPostmanRuntime\b/, 'Postman'],
]

const SYSTEMS: Array<[RegExp, string]> = [
	[/\biPhone\b/, 'iPhone'],
	[/\biPad\b/, 'iPad'],
	[/\bAndroid\b/, 'Android'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux'],
]

export function describeUserAgent(userAgent: string | null | undefined): string {
	if (!userAgent) return 'Unknown device'
	const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
	const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
	if (browser && system) return `${browser} on ${system}`
	return browser ?? system ?? 'Unknown device'
}
