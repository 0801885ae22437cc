/**
 * `Server-Timing` on every tool and converter response (issue 17): how long
 * the server worked on the request, so API users and the browser's network
 * panel can tell server time from transfer time. A route may add its own
 * phases (the tool API names `read`, `run` and `encode`); this adds `total`,
 * from the request's arrival to the moment its headers are written. Only
 * these endpoints: timings of sign-in and account endpoints are nobody's
 * business.
 */
import type { RequestHandler } from 'express'

const TIMED = /^\/(?:api\/(?:tools|convert|pdf|edit-pdf)(?:\/|$))/

export function serverTiming(): RequestHandler {
	return (req, res, next) => {
		if (!TIMED.test(req.path)) return next()
		const start = process.hrtime.bigint()
		const writeHead = res.writeHead
		// Express, compression and @remix-run/node-fetch-server all end in writeHead (Node calls it for implicit headers too).
		res.writeHead = function (this: typeof res, ...args: Array<unknown>) {
			const total = `total;dur=${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(1)}`
			// Headers passed to writeHead itself (node-fetch-server passes an array of pairs) win over setHeader's.
			const [, second, third] = args
			const passed = typeof second === 'object' && second !== null ? second : typeof third === 'object' && third !== null ? third : null
			if (Array.isArray(passed)) {
				const flat = passed.flat() as Array<string>
				const at = flat.findIndex((value, index) => index % 2 === 0 && value.toLowerCase() === 'server-timing')
				if (at >= 0) flat[at + 1] = `${flat[at + 1]}, ${total}`
				else flat.push('Server-Timing', total)
				args[typeof second === 'object' ? 1 : 2] = Array.isArray(passed[0]) ? pairs(flat) : flat
			} else if (passed) {
				const record = passed as Record<string, string>
				const name = Object.keys(record).find((key) => key.toLowerCase() === 'server-timing')
				if (name) record[name] = `${record[name]}, ${total}`
				else record['Server-Timing'] = total
			} else {
				const existing = res.getHeader('Server-Timing')
				res.setHeader('Server-Timing', existing ? `${String(existing)}, ${total}` : total)
			}
			return writeHead.apply(this, args as Parameters<typeof res.writeHead>)
		} as typeof res.writeHead
		next()
	}
}

function pairs(flat: Array<string>): Array<[string, string]> {
	const out: Array<[string, string]> = []
	for (let index = 0; index < flat.length; index += 2) out.push([flat[index]!, flat[index + 1]!])
	return out
}
