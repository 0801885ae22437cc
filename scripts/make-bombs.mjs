// Writes the decompression-bomb PDFs of tests/fixtures/bombs/ (issue 30), a few KB each:
// - flate-bomb.pdf: a page whose content stream is FlateDecode applied twice and inflates to 1 GiB;
// - objstm-bomb.pdf: an object stream (read by pdf-lib as the file loads) that inflates to 1 GiB.
// Usage: node scripts/make-bombs.mjs
import { writeFileSync } from 'node:fs'
import zlib from 'node:zlib'

function deflateZeros(bytes, fill, prefix = Buffer.alloc(0)) {
	// Streamed: the 1 GiB is never held at once.
	const deflate = zlib.createDeflate({ level: 9 })
	const chunks = []
	deflate.on('data', (chunk) => chunks.push(chunk))
	const block = Buffer.alloc(1024 * 1024, fill)
	return new Promise((resolve) => {
		deflate.on('end', () => resolve(Buffer.concat(chunks)))
		deflate.write(prefix)
		let written = 0
		const pump = () => {
			while (written < bytes) {
				written += block.length
				if (!deflate.write(block)) return deflate.once('drain', pump)
			}
			deflate.end()
		}
		pump()
	})
}

function pdf(objects) {
	let out = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')
	const offsets = []
	objects.forEach((body, index) => {
		offsets.push(out.length)
		out = Buffer.concat([out, Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')])
	})
	const xref = out.length
	let table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
	for (const offset of offsets) table += `${String(offset).padStart(10, '0')} 00000 n \n`
	table += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
	return Buffer.concat([out, Buffer.from(table, 'latin1')])
}

const stream = (dict, data) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')])
const text = (value) => Buffer.from(value, 'latin1')

const GiB = 1024 * 1024 * 1024
const once = await deflateZeros(GiB, 0x20)
const twice = zlib.deflateSync(once, { level: 9 })
writeFileSync(
	'tests/fixtures/bombs/flate-bomb.pdf',
	pdf([
		text('<< /Type /Catalog /Pages 2 0 R >>'),
		text('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
		text('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'),
		stream('/Filter [/FlateDecode /FlateDecode]', twice),
	]),
)
// The object stream's header says one object at offset 0; its data is 1 GiB of spaces.
writeFileSync(
	'tests/fixtures/bombs/objstm-bomb.pdf',
	pdf([
		text('<< /Type /Catalog /Pages 2 0 R >>'),
		text('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
		text('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'),
		stream('/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode]', zlib.deflateSync(await deflateZeros(GiB, 0x20, Buffer.from('5 0 ')), { level: 9 })),
	]),
)
console.log('Wrote tests/fixtures/bombs/flate-bomb.pdf and objstm-bomb.pdf')
