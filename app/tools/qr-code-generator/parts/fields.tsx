/**
 * What the code holds: the content type (links, so the choice works without
 * JavaScript: the server renders that type's fields) and each type's fields.
 * Plain named inputs, posted as they are by the form without JavaScript.
 */
import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { cn } from '#app/utils/misc.ts'
import { contentTypeLabels, contentTypes, type ContentType, type FieldName, type Fields } from '../payload.ts'

export function ContentTypeTabs({ type }: { type: ContentType }) {
	return (
		<nav aria-label="What the QR code holds">
			<ul className="flex flex-wrap gap-2" data-testid="qr-types">
				{contentTypes.map((each) => (
					<li key={each}>
						<Link
							to={`?type=${each}`}
							replace
							preventScrollReset
							aria-current={each === type ? 'page' : undefined}
							className={cn(
								'inline-flex items-center rounded-full border border-border bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-2',
								each === type && 'border-accent bg-accent-soft ring-1 ring-accent',
							)}
						>
							{contentTypeLabels[each]}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}

type FieldProps = {
	name: FieldName
	label: string
	fields: Fields
	setField: (name: FieldName, value: string) => void
	type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'datetime-local' | 'date'
	hint?: string
	required?: boolean
	multiline?: boolean
	autoComplete?: string
	invalid?: boolean
}

function Field({ name, label, fields, setField, type = 'text', hint, required, multiline, autoComplete = 'off', invalid }: FieldProps) {
	const id = `qr-${name}`
	const common = {
		id,
		name,
		value: fields[name] ?? '',
		onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
		'aria-describedby': hint ? `${id}-hint` : undefined,
		'aria-invalid': invalid || undefined,
		required,
		autoComplete,
		className: 'form-input mt-1 w-full',
		'data-testid': id,
	}
	return (
		<div className={multiline ? 'sm:col-span-2' : undefined}>
			<label htmlFor={id} className="font-semibold">
				{label}
			</label>
			{multiline ? <textarea {...common} rows={3} /> : <input {...common} type={type} />}
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-sm text-muted">
					{hint}
				</p>
			) : null}
		</div>
	)
}

function Grid({ children }: { children: ReactNode }) {
	return <div className="grid gap-4 sm:grid-cols-2">{children}</div>
}

export function ContentFields({ type, fields, setField, invalidField }: { type: Exclude<ContentType, 'text'>; fields: Fields; setField: (name: FieldName, value: string) => void; invalidField?: string }) {
	const field = (props: Omit<FieldProps, 'fields' | 'setField'>) => <Field key={props.name} {...props} fields={fields} setField={setField} invalid={invalidField === props.name} />
	switch (type) {
		case 'wifi':
			return (
				<Grid>
					{field({ name: 'ssid', label: 'Network name (SSID)', required: true, hint: 'Any characters; ; : , \\ and " are escaped for you.' })}
					{field({ name: 'password', label: 'Password', type: 'text', hint: 'Leave empty for an open network.' })}
					<div>
						<label htmlFor="qr-security" className="font-semibold">
							Security
						</label>
						<select id="qr-security" name="security" className="form-input mt-1 w-full" value={fields.security ?? 'WPA'} onChange={(event) => setField('security', event.target.value)}>
							<option value="WPA">WPA / WPA2 / WPA3</option>
							<option value="WEP">WEP</option>
							<option value="nopass">No password (open)</option>
						</select>
					</div>
					<div className="self-end">
						<Checkbox id="qr-hidden" name="hidden" label="Hidden network" checked={fields.hidden === 'on'} onChange={(event) => setField('hidden', event.target.checked ? 'on' : '')} />
					</div>
				</Grid>
			)
		case 'email':
			return (
				<Grid>
					{field({ name: 'to', label: 'To', type: 'email', required: true, hint: 'One address, or several separated by commas.' })}
					{field({ name: 'subject', label: 'Subject' })}
					{field({ name: 'body', label: 'Message', multiline: true })}
				</Grid>
			)
		case 'phone':
			return <Grid>{field({ name: 'phone', label: 'Phone number', type: 'tel', required: true, hint: 'With the country code, such as +44 20 7946 0958.' })}</Grid>
		case 'sms':
			return (
				<Grid>
					{field({ name: 'smsNumber', label: 'Phone number', type: 'tel', required: true })}
					<div>
						<label htmlFor="qr-smsFormat" className="font-semibold">
							Format
						</label>
						<select id="qr-smsFormat" name="smsFormat" className="form-input mt-1 w-full" value={fields.smsFormat ?? 'smsto'} onChange={(event) => setField('smsFormat', event.target.value)}>
							<option value="smsto">SMSTO: (most readers)</option>
							<option value="sms">sms: URI (RFC 5724)</option>
						</select>
					</div>
					{field({ name: 'smsMessage', label: 'Message', multiline: true })}
				</Grid>
			)
		case 'vcard':
			return (
				<Grid>
					{field({ name: 'firstName', label: 'First name', autoComplete: 'off' })}
					{field({ name: 'lastName', label: 'Last name' })}
					{field({ name: 'org', label: 'Organisation' })}
					{field({ name: 'jobTitle', label: 'Job title' })}
					{field({ name: 'mobile', label: 'Mobile phone', type: 'tel' })}
					{field({ name: 'workPhone', label: 'Work phone', type: 'tel' })}
					{field({ name: 'vcardEmail', label: 'Email', type: 'email' })}
					{field({ name: 'website', label: 'Website', type: 'url' })}
					{field({ name: 'street', label: 'Street', multiline: true })}
					{field({ name: 'city', label: 'City' })}
					{field({ name: 'region', label: 'Region or state' })}
					{field({ name: 'postcode', label: 'Postcode' })}
					{field({ name: 'country', label: 'Country' })}
				</Grid>
			)
		case 'geo':
			return (
				<Grid>
					{field({ name: 'latitude', label: 'Latitude', required: true, hint: 'From -90 to 90, such as 48.8584.' })}
					{field({ name: 'longitude', label: 'Longitude', required: true, hint: 'From -180 to 180, such as 2.2945.' })}
				</Grid>
			)
		case 'event': {
			const allDay = fields.allDay === 'on'
			return (
				<Grid>
					{field({ name: 'summary', label: 'Title', required: true })}
					{field({ name: 'location', label: 'Place' })}
					{field({ name: 'start', label: 'Starts', type: allDay ? 'date' : 'datetime-local', required: true })}
					{field({ name: 'end', label: 'Ends', type: allDay ? 'date' : 'datetime-local' })}
					<div className="sm:col-span-2">
						<Checkbox id="qr-allDay" name="allDay" label="All day" checked={allDay} onChange={(event) => setField('allDay', event.target.checked ? 'on' : '')} />
					</div>
					{field({ name: 'description', label: 'Description', multiline: true })}
				</Grid>
			)
		}
	}
}
