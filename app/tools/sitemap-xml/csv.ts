/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF (LF and CR
 * alone are read too), fields in double quotes may hold commas, quotes
 * (doubled: "") and line breaks. A byte order mark at the start is
 * skipped. Pure, one pass.
 */

export class CsvError extends Error {
	constructor(
		message: string,
		readonly offset: number,
	) {
		super(message)
		this.name = 'CsvError'
	}
}

/** One record: its fields and the offset of its first character. */
export type CsvRecord = { fields: Array<string>; offset: number }

export function parseCsv(text: string): Array<CsvRecord> {
	const records: Array<CsvRecord> = []
	let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0
	const length = text.length
	while (pos < length) {
		const start = pos
		const fields: Array<string> = []
		for (;;) {
			if (text[pos] === '"') {
				const open = pos
				let value = ''
				pos++
				for (;;) {
					const quote = text.indexOf('"', pos)
					if (quote === -1) throw new CsvError('This quoted field is never closed: a field that starts with " ends with ", and a " inside it is written "".', open)
					value += text.slice(pos, quote)
					if (text[quote + 1] === '"') {
						value += '"'
						pos = quote + 2
						continue
					}
					pos = quote + 1
					break
				}
				const next = text[pos]
				if (pos < length && next !== ',' && next !== '\n' && next !== '\r') {
					throw new CsvError('Text after a closing quote: a quoted field must end at a comma or the end of the line.', pos)
				}
				fields.push(value)
			} else {
				let end = pos
				while (end < length) {
					const char = text.charCodeAt(end)
					if (char === 44 || char === 10 || char === 13) break
					if (char === 34) throw new CsvError('A " inside a field that is not in quotes: put the whole field in quotes and double the " ("").', end)
					end++
				}
				fields.push(text.slice(pos, end))
				pos = end
			}
			if (text[pos] === ',') {
				pos++
				continue
			}
			break
		}
		if (text[pos] === '\r') pos++
		if (text[pos] === '\n') pos++
		records.push({ fields, offset: start })
	}
	return records
}
