/** The centre logo: placed in the SVG's middle on a backing square, its data URL escaped, large ones warned about. */
import { expect, test } from 'vitest'
import { generateQr, qrOptionsSchema } from './core.ts'
import { logoWarning, svgWithLogo } from './logo.ts'

test('the logo sits in the centre of the code on a square of the background colour', () => {
	const result = generateQr('hello', qrOptionsSchema.parse({ margin: 4 }))
	const svg = svgWithLogo(result.output, { dataUrl: 'data:image/png;base64,AAA"<&', scale: 0.2 }, result.modules, '#ffffff')
	// 21 modules, 29 with the margin: a 4.2-module logo at 12.4, on a square half a module wider each side.
	expect(svg).toMatch(/<rect x="11\.9\d*" y="11\.9\d*" width="5\.2\d*" height="5\.2\d*" rx="1" fill="#ffffff"\/><image x="12\.4\d*" y="12\.4\d*" width="4\.2\d*"/)
	expect(svg).toContain('href="data:image/png;base64,AAA&quot;&lt;&amp;"/></svg>')
	// Only images are accepted as logos.
	expect(svgWithLogo(result.output, { dataUrl: 'javascript:alert(1)', scale: 0.2 }, result.modules, '#ffffff')).toBe(result.output)
})

test('a logo over 8% of the code is warned about', () => {
	expect(logoWarning(0.28)).toBeNull()
	expect(logoWarning(0.4)).toMatch(/^The logo covers 16% of the code/)
})
