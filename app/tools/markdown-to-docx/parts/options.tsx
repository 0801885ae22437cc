/**
 * The document's options (options.ts, DocxOptionsSchema): page size and
 * orientation, margins, fonts and size, table style, table of contents and
 * where the title comes from. Real form fields with the API's names, so the
 * form posts them without JavaScript too.
 */
import { type ReactNode } from 'react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { RadioPillGroup } from '#app/components/ui/radio-pill.tsx'
import { cn } from '#app/utils/misc.ts'
import { type DocxOptions } from '../options.ts'

/** The options as the form holds them: numbers as typed, so a half-typed value is not rewritten. */
export type OptionValues = Omit<DocxOptions, 'marginMm' | 'bodySize'> & { marginMm: string; bodySize: string }

export const DEFAULT_OPTIONS: OptionValues = {
	pageSize: 'a4',
	orientation: 'portrait',
	marginMm: '25',
	bodyFont: 'Calibri',
	bodySize: '11',
	codeFont: 'Consolas',
	tableStyle: 'grid',
	toc: false,
	titleFrom: 'front-matter',
}

const pageSizes = [
	{ id: 'a4', label: 'A4' },
	{ id: 'letter', label: 'Letter' },
] as const
const orientations = [
	{ id: 'portrait', label: 'Portrait' },
	{ id: 'landscape', label: 'Landscape' },
] as const
const tableStyles = [
	{ id: 'grid', label: 'Grid', hint: 'A line around every cell.' },
	{ id: 'light', label: 'Light', hint: 'Lines under the header and between rows only.' },
	{ id: 'none', label: 'None', hint: 'No lines; the header row stays bold.' },
] as const
const titleSources = [
	{ id: 'front-matter', label: 'Front matter', hint: 'The front matter’s title, else the first heading.' },
	{ id: 'first-heading', label: 'First heading', hint: 'The first heading, whatever the front matter says.' },
] as const

const BODY_FONTS = ['Calibri', 'Aptos', 'Arial', 'Cambria', 'Georgia', 'Helvetica', 'Times New Roman', 'Verdana']
const CODE_FONTS = ['Consolas', 'Cascadia Mono', 'Courier New', 'Menlo', 'Source Code Pro']

type Props = {
	values: OptionValues
	setOption: <K extends keyof OptionValues>(key: K, value: OptionValues[K]) => void
	/** Problems by field name (the browser's check, or the server's answer). */
	errors: Partial<Record<keyof OptionValues, string>>
	/** An error alert to show next to the field it is about. */
	alertFor: (field: keyof OptionValues) => ReactNode
}

export function DocxOptionsFields({ values, setOption, errors, alertFor }: Props) {
	return (
		<div className="mt-8 border-t border-border pt-6" data-testid="md-options">
			<h2 className="text-lg font-semibold">Document options</h2>
			<div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
				<div className="space-y-4">
					<RadioPillGroup legend="Page size" name="pageSize" choices={pageSizes} value={values.pageSize} onChange={(value) => setOption('pageSize', value)} testId="md-page-size" />
					{alertFor('pageSize')}
					<RadioPillGroup legend="Orientation" name="orientation" choices={orientations} value={values.orientation} onChange={(value) => setOption('orientation', value)} testId="md-orientation" />
					{alertFor('orientation')}
				</div>
				<div className="space-y-4">
					<NumberField
						id="md-marginMm"
						name="marginMm"
						label="Margins (mm)"
						hint="Every side, 5 to 60 mm."
						min={5}
						max={60}
						step={1}
						value={values.marginMm}
						onChange={(value) => setOption('marginMm', value)}
						error={errors.marginMm}
					/>
					{alertFor('marginMm')}
					<Checkbox
						id="md-toc"
						name="toc"
						className="text-sm"
						checked={values.toc}
						onChange={(event) => setOption('toc', event.target.checked)}
						label="Table of contents"
						hint="First in the document, linked to the headings."
					/>
				</div>
				<div className="space-y-4">
					<TextField id="md-bodyFont" name="bodyFont" label="Body font" list="md-body-fonts" options={BODY_FONTS} value={values.bodyFont} onChange={(value) => setOption('bodyFont', value)} error={errors.bodyFont} />
					{alertFor('bodyFont')}
					<NumberField
						id="md-bodySize"
						name="bodySize"
						label="Body size (pt)"
						hint="6 to 36, in half points."
						min={6}
						max={36}
						step={0.5}
						value={values.bodySize}
						onChange={(value) => setOption('bodySize', value)}
						error={errors.bodySize}
					/>
					{alertFor('bodySize')}
					<TextField id="md-codeFont" name="codeFont" label="Code font" list="md-code-fonts" options={CODE_FONTS} value={values.codeFont} onChange={(value) => setOption('codeFont', value)} error={errors.codeFont} />
					{alertFor('codeFont')}
				</div>
				<div className="space-y-4">
					<RadioPillGroup
						legend="Tables"
						name="tableStyle"
						choices={tableStyles}
						value={values.tableStyle}
						onChange={(value) => setOption('tableStyle', value)}
						hint={tableStyles.find((style) => style.id === values.tableStyle)?.hint}
						hintId="md-table-style-hint"
						testId="md-table-style"
					/>
					{alertFor('tableStyle')}
					<RadioPillGroup
						legend="Title from"
						name="titleFrom"
						choices={titleSources}
						value={values.titleFrom}
						onChange={(value) => setOption('titleFrom', value)}
						hint={titleSources.find((source) => source.id === values.titleFrom)?.hint}
						hintId="md-title-from-hint"
						testId="md-title-from"
					/>
					{alertFor('titleFrom')}
				</div>
			</div>
		</div>
	)
}

type FieldProps = { id: string; name: string; label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string }

function describedBy(id: string, hint?: string, error?: string) {
	return cn(hint && `${id}-hint`, error && `${id}-error`) || undefined
}

function NumberField({ id, name, label, value, onChange, error, hint, min, max, step }: FieldProps & { min: number; max: number; step: number }) {
	return (
		<div>
			<label htmlFor={id} className="form-label">
				{label}
			</label>
			<input
				id={id}
				name={name}
				type="number"
				inputMode="decimal"
				min={min}
				max={max}
				step={step}
				value={value}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(id, hint, error)}
				className="form-input max-w-32"
			/>
			{hint ? (
				<p id={`${id}-hint`} className="form-help">
					{hint}
				</p>
			) : null}
			{error ? (
				<p id={`${id}-error`} className="form-error">
					{error}
				</p>
			) : null}
		</div>
	)
}

function TextField({ id, name, label, value, onChange, error, list, options }: FieldProps & { list: string; options: ReadonlyArray<string> }) {
	return (
		<div>
			<label htmlFor={id} className="form-label">
				{label}
			</label>
			<input
				id={id}
				name={name}
				type="text"
				list={list}
				maxLength={64}
				autoComplete="off"
				spellCheck={false}
				value={value}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(id, undefined, error)}
				className="form-input"
			/>
			<datalist id={list}>
				{options.map((font) => (
					<option key={font} value={font} />
				))}
			</datalist>
			{error ? (
				<p id={`${id}-error`} className="form-error">
					{error}
				</p>
			) : null}
		</div>
	)
}
