/**
 * The key one client counts under (issue 30 item 5): its rate limits and the
 * storage quota of an anonymous user. An IPv4 address is one client. An IPv6
 * client usually holds a whole /64 (one home or one VM gets 2^64 addresses),
 * so it counts by its /64: rotating the low bits buys nothing. An
 * IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as a dual-stack socket reports
 * an IPv4 client) is that IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net'

export const UNKNOWN_CLIENT = 'unknown'

/**
 * `203.0.113.7` for an IPv4 address (or its IPv4-mapped form), `2001:db8:0:0::/64`
 * for any IPv6 address in that /64 (however written: `::`, leading zeros,
 * case, brackets, a port after brackets, a zone id), 'unknown' for anything else.
 */
export function clientKey(address: string | null | undefined): string {
	let text = (address ?? '').trim()
	const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text)
	if (bracketed) text = bracketed[1]!
	// A zone id (`%eth0`, or `%25eth0` as a URL writes it) names the interface, not the client.
	text = text.replace(/%.*$/, '')
	if (isIPv4(text)) return text
	if (!isIPv6(text)) return UNKNOWN_CLIENT
	const groups = ipv6Groups(text)
	if (!groups) return UNKNOWN_CLIENT
	if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
		return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
	}
	return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing IPv4 part as two groups). */
function ipv6Groups(address: string): Array<number> | null {
	const halves = address.toLowerCase().split('::')
	if (halves.length > 2) return null
	const parse = (half: string): Array<number> | null => {
		if (half === '') return []
		const groups: Array<number> = []
		for (const part of half.split(':')) {
			if (part.includes('.')) {
				if (!isIPv4(part)) return null
				const [a, b, c, d] = part.split('.').map(Number) as [number, number, number, number]
				groups.push((a << 8) | b, (c << 8) | d)
			} else if (/^[0-9a-f]{1,4}$/.test(part)) {
				groups.push(parseInt(part, 16))
			} else {
				return null
			}
		}
		return groups
	}
	const head = parse(halves[0]!)
	const tail = halves.length === 2 ? parse(halves[1]!) : []
	if (!head || !tail) return null
	if (halves.length === 1) return head.length === 8 ? head : null
	const missing = 8 - head.length - tail.length
	if (missing < 1) return null
	return [...head, ...new Array<number>(missing).fill(0), ...tail]
}
