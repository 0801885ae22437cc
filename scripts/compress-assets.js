// Compresses the hashed client assets once, at build time (Brotli and gzip
// side by side), so the server never spends CPU compressing the same bundle
// on every request; server/precompressed.ts serves them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dir = 'build/client/assets'
const compressible = /\.(js|mjs|css|svg|json|map|txt|wasm)$/
let files = 0
let before = 0
let after = 0
for (const name of readdirSync(dir)) {
	if (!compressible.test(name)) continue
	const file = path.join(dir, name)
	if (!statSync(file).isFile()) continue
	const raw = readFileSync(file)
	const br = brotliCompressSync(raw, {
		params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
	})
	writeFileSync(`${file}.br`, br)
	writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }))
	files++
	before += raw.length
	after += br.length
}
console.log(`Precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`)
