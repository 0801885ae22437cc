/**
 * The meta tag generator's form: plain named fields (the option names), so
 * the form posts them as they are without JavaScript. The structured-data
 * fieldsets show when their box is ticked: by CSS (:has() on the form,
 * group/meta), so that works without JavaScript too, and every field stays
 * in the form.
 */
import { type ReactNode } from 'react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPillGroup } from '#app/components/ui/radio-pill.tsx'
import { type SetOption } from '#app/tools/kit/use-tool.ts'
import { countCodePoints } from '#app/tools/shared/text.ts'
import { cn } from '#app/utils/misc.ts'
import { type Finding, type MetaOptions } from '../core.ts'
import { ARTICLE_TYPES, AVAILABILITY } from '../structured-data.ts'

type TextKey = { [K in keyof MetaOptions]: MetaOptions[K] extends string ? (string extends MetaOptions[K] ? K : never) : never }[keyof MetaOptions]

type FieldsProps = { options: MetaOptions; setOption: SetOption<MetaOptions>; errors: ReadonlySet<string> }

export const fieldId = (name: string) => (name === 'input' ? 'meta-title' : `meta-${name}`)

const selectClass =
	'mt-1.5 block w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--focus)]'

function TextField({
	name,
	label,
	hint,
	options,
	setOption,
	errors,
	type = 'text',
	rows,
	placeholder,
	className,
}: FieldsProps & { name: TextKey; label: ReactNode; hint?: ReactNode; type?: 'text' | 'url'; rows?: number; placeholder?: string; className?: string }) {
	const id = fieldId(name)
	const common = {
		id,
		name,
		value: options[name],
		placeholder,
		autoComplete: 'off',
		spellCheck: false,
		// Right-to-left text typed into a field reads right to left.
		dir: type === 'url' ? undefined : 'auto',
		'aria-describedby': hint ? `${id}-hint` : undefined,
		'aria-invalid': errors.has(name) || undefined,
		className: 'form-input',
		onChange: (event: { target: { value: string } }) => setOption(name, event.target.value),
	}
	return (
		<div className={cn('min-w-0', className)}>
			<label htmlFor={id} className="form-label">
				{label}
			</label>
			{rows ? <textarea {...common} rows={rows} /> : <input {...common} type={type} inputMode={type === 'url' ? 'url' : undefined} />}
			{hint ? (
				<p id={`${id}-hint`} className="form-help">
					{hint}
				</p>
			) : null}
		</div>
	)
}

function Select<K extends 'maxImagePreview' | 'articleType' | 'productAvailability'>({
	name,
	label,
	choices,
	options,
	setOption,
}: FieldsProps & { name: K; label: string; choices: ReadonlyArray<{ value: MetaOptions[K]; label: string }> }) {
	const id = fieldId(name)
	return (
		<div className="min-w-0">
			<label htmlFor={id} className="form-label">
				{label}
			</label>
			<select id={id} name={name} value={options[name]} onChange={(event) => setOption(name, event.target.value as MetaOptions[K])} className={selectClass}>
				{choices.map((choice) => (
					<option key={choice.value} value={choice.value}>
						{choice.label}
					</option>
				))}
			</select>
		</div>
	)
}

function Section({ title, children, className, testId }: { title: string; children: ReactNode; className?: string; testId?: string }) {
	const id = `meta-section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
	return (
		<section aria-labelledby={id} className={cn('mt-8 border-t border-border pt-6', className)} data-testid={testId}>
			<h2 id={id} className="text-lg font-semibold">
				{title}
			</h2>
			<div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
		</section>
	)
}

export function PageFields(props: FieldsProps & { title: string; onTitle: (text: string) => void; titleNote: ReactNode; titleInvalid: boolean }) {
	const { options, setOption, title, onTitle, titleNote, titleInvalid } = props
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			<div className="min-w-0 sm:col-span-2">
				<label htmlFor="meta-title" className="form-label">
					Title (required)
				</label>
				<input
					id="meta-title"
					name="input"
					type="text"
					data-testid="tool-input"
					value={title}
					onChange={(event) => onTitle(event.target.value)}
					placeholder="e.g. Handmade Ceramic Mugs | Clay & Co"
					dir="auto"
					autoComplete="off"
					aria-describedby="meta-title-hint"
					aria-invalid={titleInvalid || undefined}
					className="form-input"
				/>
				<p id="meta-title-hint" className="form-help tabular-nums" data-testid="meta-title-note">
					{titleNote}
				</p>
			</div>
			<TextField {...props} name="description" label="Description" rows={3} className="sm:col-span-2" hint={`${countCodePoints(options.description).toLocaleString('en-US')} characters; 70–160 is the usual range.`} placeholder="What the page offers, in a sentence or two" />
			<TextField {...props} name="canonical" type="url" label="Canonical URL" hint="The one address to index; also og:url." placeholder="https://example.com/page" />
			<TextField {...props} name="siteName" label="Site name" hint="og:site_name, and Google’s site line." placeholder="Example" />
			<TextField {...props} name="themeColor" label="Theme colour" hint="Browser bar colour on phones: #1e40af or a CSS name." placeholder="#1e40af" />
			<TextField {...props} name="locale" label="Language and country" hint="og:locale, like en_US or de_DE." placeholder="en_US" />
			<div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
				<RadioPillGroup
					legend="Search engines may…"
					name="robotsIndex"
					size="sm"
					value={options.robotsIndex}
					onChange={(value) => setOption('robotsIndex', value)}
					choices={[
						{ id: 'index', label: 'index this page' },
						{ id: 'noindex', label: 'not index it' },
					]}
				/>
				<RadioPillGroup
					legend="…and its links"
					name="robotsFollow"
					size="sm"
					value={options.robotsFollow}
					onChange={(value) => setOption('robotsFollow', value)}
					choices={[
						{ id: 'follow', label: 'follow' },
						{ id: 'nofollow', label: 'not follow' },
					]}
				/>
			</div>
			<div className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
				<Checkbox id="meta-noarchive" name="noarchive" checked={options.noarchive} onChange={(event) => setOption('noarchive', event.target.checked)} label="noarchive" hint="No cached copy" />
				<Checkbox id="meta-nosnippet" name="nosnippet" checked={options.nosnippet} onChange={(event) => setOption('nosnippet', event.target.checked)} label="nosnippet" hint="No description in results" />
				<Checkbox id="meta-noimageindex" name="noimageindex" checked={options.noimageindex} onChange={(event) => setOption('noimageindex', event.target.checked)} label="noimageindex" hint="Keep images out of image search" />
			</div>
			<Select
				{...props}
				name="maxImagePreview"
				label="Image preview size (max-image-preview)"
				choices={[
					{ value: '', label: 'Not set' },
					{ value: 'large', label: 'large (Discover, big thumbnails)' },
					{ value: 'standard', label: 'standard' },
					{ value: 'none', label: 'none' },
				]}
			/>
		</div>
	)
}

export function SocialFields(props: FieldsProps) {
	const { options, setOption } = props
	return (
		<Section title="Social sharing (Open Graph and X)">
			<RadioPillGroup
				legend="Type (og:type)"
				name="ogType"
				size="sm"
				value={options.ogType}
				onChange={(value) => setOption('ogType', value)}
				choices={[
					{ id: 'website', label: 'Website' },
					{ id: 'article', label: 'Article' },
					{ id: 'product', label: 'Product' },
				]}
			/>
			<RadioPillGroup
				legend="X card"
				name="twitterCard"
				size="sm"
				value={options.twitterCard}
				onChange={(value) => setOption('twitterCard', value)}
				choices={[
					{ id: 'summary_large_image', label: 'Large image' },
					{ id: 'summary', label: 'Summary' },
				]}
			/>
			<TextField {...props} name="ogImage" type="url" label="Image URL (og:image)" hint="1200 × 630 px suits every network." placeholder="https://example.com/share.jpg" />
			<TextField {...props} name="ogImageAlt" label="Image alt text" hint="What the image shows." />
			<TextField {...props} name="ogImageWidth" label="Image width (px, optional)" placeholder="1200" />
			<TextField {...props} name="ogImageHeight" label="Image height (px, optional)" placeholder="630" />
			<TextField {...props} name="twitterSite" label="Site’s X handle (twitter:site)" placeholder="@example" />
			<TextField {...props} name="twitterCreator" label="Author’s X handle (twitter:creator)" placeholder="@author" />
		</Section>
	)
}

const types = [
	{ key: 'article', label: 'Article', hint: 'Posts, news, guides' },
	{ key: 'product', label: 'Product', hint: 'A product with a price or rating' },
	{ key: 'faq', label: 'FAQ', hint: 'Questions and answers' },
	{ key: 'organization', label: 'Organization', hint: 'Your company, usually on the home page' },
	{ key: 'breadcrumbs', label: 'Breadcrumbs', hint: 'Where the page sits on the site' },
] as const

export function StructuredDataFields(props: FieldsProps) {
	const { options, setOption } = props
	return (
		<div className="mt-8 border-t border-border pt-6">
			<fieldset>
				<legend className="text-lg font-semibold">Structured data (JSON-LD)</legend>
				<p className="mt-1 text-sm text-muted">Tick every type that describes the page; each becomes its own script block.</p>
				<div className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
					{types.map((type) => (
						<Checkbox key={type.key} id={fieldId(type.key)} name={type.key} checked={options[type.key]} onChange={(event) => setOption(type.key, event.target.checked)} label={type.label} hint={type.hint} />
					))}
				</div>
			</fieldset>
			<Section title="Article" className="hidden group-has-[#meta-article:checked]/meta:block" testId="meta-article-fields">
				<Select {...props} name="articleType" label="Kind" choices={ARTICLE_TYPES.map((value) => ({ value, label: value }))} />
				<TextField {...props} name="articleAuthor" label="Author’s name" />
				<TextField {...props} name="articleAuthorUrl" type="url" label="Author’s page (optional)" placeholder="https://example.com/about/ana" />
				<TextField {...props} name="articlePublished" label="Date published" hint="2026-11-26, or 2026-11-26T09:30:00+01:00" placeholder="2026-11-26" />
				<TextField {...props} name="articleModified" label="Date modified (optional)" placeholder="2026-11-27" />
				<TextField {...props} name="articlePublisher" label="Publisher (optional)" hint="The site name when left empty." />
				<TextField {...props} name="articlePublisherLogo" type="url" label="Publisher’s logo URL (optional)" />
				<p className="text-sm text-muted sm:col-span-2">The headline is the title; the image is the social image.</p>
			</Section>
			<Section title="Product" className="hidden group-has-[#meta-product:checked]/meta:block" testId="meta-product-fields">
				<TextField {...props} name="productName" label="Product name" hint="The title when left empty." />
				<TextField {...props} name="productBrand" label="Brand" />
				<TextField {...props} name="productSku" label="SKU" />
				<TextField {...props} name="productPrice" label="Price" hint="Like 19.99: digits and a point." placeholder="19.99" />
				<TextField {...props} name="productCurrency" label="Currency" hint="ISO 4217: USD, EUR, GBP…" placeholder="USD" />
				<Select {...props} name="productAvailability" label="Availability" choices={AVAILABILITY.map((value) => ({ value, label: value.replace(/([a-z])([A-Z])/g, '$1 $2') }))} />
				<TextField {...props} name="productRating" label="Average rating (1–5, optional)" placeholder="4.6" />
				<TextField {...props} name="productReviewCount" label="Number of reviews" placeholder="128" />
			</Section>
			<Section title="FAQ" className="hidden group-has-[#meta-faq:checked]/meta:block" testId="meta-faq-fields">
				<TextField {...props} name="faqItems" rows={6} className="sm:col-span-2" label="Questions and answers" hint='One "Q: …" line per question and an "A: …" line for its answer; longer text may go on the lines after.' placeholder={'Q: Is it dishwasher safe?\nA: Yes, up to 70 °C.'} />
			</Section>
			<Section title="Organization" className="hidden group-has-[#meta-organization:checked]/meta:block" testId="meta-organization-fields">
				<TextField {...props} name="orgName" label="Name" hint="The site name when left empty." />
				<TextField {...props} name="orgUrl" type="url" label="Website" hint="The canonical URL’s site when left empty." />
				<TextField {...props} name="orgLogo" type="url" label="Logo URL" hint="At least 112 × 112 px." />
				<TextField {...props} name="orgSameAs" rows={3} label="Profiles (sameAs)" hint="One profile URL a line: LinkedIn, X, Wikipedia…" />
			</Section>
			<Section title="Breadcrumbs" className="hidden group-has-[#meta-breadcrumbs:checked]/meta:block" testId="meta-breadcrumbs-fields">
				<TextField {...props} name="breadcrumbItems" rows={4} className="sm:col-span-2" label="Trail" hint='One "Name | https://…" line per level, from the home page down; the last line may be just the page’s name.' placeholder={'Home | https://example.com/\nBlog | https://example.com/blog\nThis post'} />
			</Section>
		</div>
	)
}

/** The level's words and colours, for the checks list. */
export const levels: Record<Finding['level'], { label: string; className: string }> = {
	error: { label: 'Problem', className: 'border-danger bg-danger/10' },
	warning: { label: 'Warning', className: 'border-warning bg-warning/10' },
	info: { label: 'Note', className: 'border-border bg-surface-2' },
}
