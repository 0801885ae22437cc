/**
 * The optional centre logo: where it goes in the SVG, and how much of the
 * code it hides. Pure string and number work, so the server could share it;
 * the page adds the logo in the browser (it is never uploaded).
 */

/** Above this share of the code's area hidden, readers start failing even at level H. */
export const MAX_LOGO_AREA = 0.08

export type Logo = { dataUrl: string; /** The logo's width as a share of the code's width (quiet zone excluded). */ scale: number }

/** The share of the code's modules the logo and its padding cover. */
export function logoCoverage(scale: number): number {
	return scale * scale
}

export function logoWarning(scale: number): string | null {
	const coverage = logoCoverage(scale)
	if (coverage <= MAX_LOGO_AREA) return null
	return `The logo covers ${Math.round(coverage * 100)}% of the code: error correction H repairs up to 30% of damage, but a logo this large often stops phones reading it. Keep it under ${Math.round(MAX_LOGO_AREA * 100)}% (a smaller logo).`
}

const SVG_SIZE = /viewBox="0 0 (\d+) (\d+)"/

/** The SVG with the logo on a padded background square in its centre. */
export function svgWithLogo(svg: string, logo: Logo, modules: number, background: string): string {
	const total = Number(SVG_SIZE.exec(svg)?.[1] ?? 0)
	if (!total || !/^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/.test(logo.dataUrl)) return svg
	const side = modules * logo.scale
	const at = (total - side) / 2
	const pad = 0.5
	const escaped = logo.dataUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
	const overlay =
		`<rect x="${at - pad}" y="${at - pad}" width="${side + pad * 2}" height="${side + pad * 2}" rx="1" fill="${background}"/>` +
		`<image x="${at}" y="${at}" width="${side}" height="${side}" preserveAspectRatio="xMidYMid meet" href="${escaped}"/>`
	return svg.replace(/<\/svg>$/, `${overlay}</svg>`)
}
