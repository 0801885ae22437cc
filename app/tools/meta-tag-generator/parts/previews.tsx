/**
 * The previews: a Google result (computer and phone), the Facebook/LinkedIn
 * card and the X card, all drawn from the core's `previews`. Text only: the
 * site's CSP (server/security-headers.ts: img-src 'self' data: blob:) lets
 * no page show an image from another site, and the server never fetches the
 * address typed, so the image area is a placeholder with the address in it.
 */
import { cn } from '#app/utils/misc.ts'
import { type Finding, type Previews } from '../core.ts'
import { fieldId, levels } from './fields.tsx'

const arial = 'font-[Arial,Helvetica,sans-serif]'

function ImagePlaceholder({ image, alt, className }: { image: string | null; alt: string; className?: string }) {
	return (
		<div className={cn('flex items-center justify-center overflow-hidden bg-surface-2 p-3 text-center text-xs text-muted', className)} data-testid="meta-image-placeholder">
			{image ? (
				<p className="line-clamp-4 break-all">
					<span className="font-semibold text-fg">Image</span> (not loaded here): {image}
					{alt ? <span className="block break-words">Alt: {alt}</span> : null}
				</p>
			) : (
				<p>No image: add og:image</p>
			)}
		</div>
	)
}

export function GooglePreview({ google }: { google: Previews['google'] }) {
	return (
		<section aria-labelledby="meta-preview-google" data-testid="meta-preview-google">
			<h3 id="meta-preview-google" className="font-semibold">
				Google
			</h3>
			<p className="text-sm text-muted tabular-nums">
				Title {Math.round(google.titleWidth)} of {google.limits.title} px{google.titleTruncated ? ', cut' : ''}; description cut after {google.limits.description} px on a computer,{' '}
				{google.limits.mobileDescription} px on a phone.
			</p>
			<div className={cn('mt-3 max-w-[600px] rounded-lg border border-border bg-surface p-4', arial)}>
				<p className="text-sm text-fg">{google.siteName}</p>
				<p className="truncate text-xs text-muted">{google.url ?? 'https://example.com › your page (add the canonical URL)'}</p>
				<p className="mt-1 text-[20px] leading-[26px] break-words text-accent" data-testid="meta-google-title" dir="auto">
					{google.title}
				</p>
				<p className="mt-1 text-sm leading-[22px] break-words text-fg" data-testid="meta-google-description" dir="auto">
					{google.description || <span className="text-muted">No description: Google picks text from the page.</span>}
				</p>
			</div>
			<p className="mt-3 text-sm font-medium">On a phone</p>
			<div className={cn('mt-1 max-w-[360px] rounded-lg border border-border bg-surface p-4', arial)}>
				<p className="truncate text-xs text-muted">{google.url ?? 'example.com'}</p>
				<p className="mt-1 text-[18px] leading-[24px] break-words text-accent" dir="auto">{google.title}</p>
				<p className="mt-1 text-sm break-words text-fg" data-testid="meta-google-mobile-description" dir="auto">
					{google.mobileDescription}
				</p>
			</div>
		</section>
	)
}

export function FacebookPreview({ facebook }: { facebook: Previews['facebook'] }) {
	return (
		<section aria-labelledby="meta-preview-facebook" data-testid="meta-preview-facebook">
			<h3 id="meta-preview-facebook" className="font-semibold">
				Facebook and LinkedIn
			</h3>
			<div className={cn('mt-3 max-w-[500px] overflow-hidden rounded-lg border border-border bg-surface', arial)}>
				<ImagePlaceholder image={facebook.image} alt={facebook.imageAlt} className="aspect-[1.91/1]" />
				<div className="border-t border-border p-3">
					<p className="truncate text-xs text-muted uppercase">{facebook.host}</p>
					<p className="mt-1 line-clamp-2 font-semibold break-words text-fg" dir="auto">{facebook.title}</p>
					{facebook.description ? <p className="mt-1 line-clamp-1 text-sm break-words text-muted" dir="auto">{facebook.description}</p> : null}
				</div>
			</div>
		</section>
	)
}

export function XPreview({ x }: { x: Previews['x'] }) {
	const large = x.card === 'summary_large_image'
	return (
		<section aria-labelledby="meta-preview-x" data-testid="meta-preview-x">
			<h3 id="meta-preview-x" className="font-semibold">
				X (Twitter): {large ? 'large image card' : 'summary card'}
			</h3>
			<div className={cn('mt-3 max-w-[500px] overflow-hidden rounded-2xl border border-border bg-surface', !large && 'flex', arial)}>
				<ImagePlaceholder image={x.image} alt={x.imageAlt} className={large ? 'aspect-[1.91/1]' : 'w-24 shrink-0 sm:w-32'} />
				<div className={cn('min-w-0 p-3', large ? 'border-t border-border' : 'border-l border-border')}>
					<p className="truncate text-xs text-muted">
						{x.host}
						{x.site ? ` · ${x.site}` : ''}
					</p>
					<p className="mt-1 line-clamp-2 text-sm font-semibold break-words text-fg" dir="auto">{x.title}</p>
					{x.description && !large ? <p className="mt-1 line-clamp-2 text-sm break-words text-muted" dir="auto">{x.description}</p> : null}
				</div>
			</div>
		</section>
	)
}

/** The warnings, problems first, each linking to its field. */
export function Checks({ warnings }: { warnings: ReadonlyArray<Finding> }) {
	return (
		<section aria-labelledby="meta-checks" className="mt-6" data-testid="meta-checks">
			<h2 id="meta-checks" className="text-lg font-semibold">
				Checks
			</h2>
			{warnings.length === 0 ? (
				<p className="mt-2 text-sm text-muted">No problems found.</p>
			) : (
				<ul className="mt-3 space-y-2 text-sm">
					{warnings.map((warning, index) => (
						<li key={index} className={cn('rounded-lg border p-3 break-words text-fg', levels[warning.level].className)} data-level={warning.level}>
							<span className="font-semibold">{levels[warning.level].label}:</span> {warning.message}
							{warning.field === 'robotsIndex' ? null : (
								<>
									{' '}
									<a href={`#${fieldId(warning.field)}`} className="font-medium text-accent underline underline-offset-2">
										Go to the field
									</a>
								</>
							)}
						</li>
					))}
				</ul>
			)}
		</section>
	)
}
