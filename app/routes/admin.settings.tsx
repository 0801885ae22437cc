import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { ErrorList, Field, SubmitButton, useIsPending } from '#app/components/forms.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { audit } from '#app/site/audit.server.ts'
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { parseForm } from '#app/utils/body.server.ts'
import { formErrorReply } from '#app/utils/errors.server.ts'
import { isGoogleRedirectEnabled } from '#app/accounts/google.server.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { getFreshSiteSettings, updateSiteSettings, type SiteSettings } from '#app/site/settings.server.ts'
import { SETTINGS_LIMITS, siteSettingsFormSchema } from '#app/site/site-settings.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, { title: 'Settings', description: 'Site settings.', path: '/admin/settings', noIndex: true })

export const headers = privatePageHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	return { settings: await getFreshSiteSettings(), googleConfigured: isGoogleRedirectEnabled() }
}

/** The form is a few short fields and a 500-character announcement: 64 KB is plenty. */
const SETTINGS_FORM_LIMIT = 64 * 1024

const FIELD_ORDER: Array<keyof SiteSettings> = [
	'siteName',
	'tagline',
	'registrationOpen',
	'googleSignIn',
	'uploadLimitMb',
	'fileRetentionHours',
	'postsPerPage',
	'announcement',
	'defaultTheme',
]

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requireAdmin(request)
	const form = await parseForm(request, siteSettingsFormSchema, { maxBytes: SETTINGS_FORM_LIMIT })
	if ('refused' in form) return formErrorReply(form.refused)
	const { submission } = form
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const before = await getFreshSiteSettings()
	const after = await updateSiteSettings(submission.value)
	const changes: Record<string, { from: string | number | boolean; to: string | number | boolean }> = {}
	for (const field of FIELD_ORDER) {
		if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] }
	}
	const changed = Object.keys(changes)
	if (changed.length > 0) {
		await audit({ id: user.id, email: user.email }, { action: 'settings.update', target: 'settings', details: { fields: changed, changes } })
	}
	return redirectWithToast('/admin/settings', {
		type: changed.length ? 'success' : 'info',
		message: changed.length ? 'Settings saved. They apply at once.' : 'Nothing changed.',
	})
}

export default function AdminSettings() {
	const { settings, googleConfigured } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const pending = useIsPending({ formAction: '/admin/settings' })
	const [form, fields] = useForm({
		id: 'site-settings',
		lastResult: actionData?.result,
		defaultValue: {
			...settings,
			registrationOpen: settings.registrationOpen ? 'on' : undefined,
			googleSignIn: settings.googleSignIn ? 'on' : undefined,
			uploadLimitMb: String(settings.uploadLimitMb),
			fileRetentionHours: String(settings.fileRetentionHours),
			postsPerPage: String(settings.postsPerPage),
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: siteSettingsFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const number = (meta: Parameters<typeof getInputProps>[0]) => ({
		...getInputProps(meta, { type: 'number' }),
		// No min/max attributes: the browser would block the form before the
		// server could answer with its own message; the limits are in the help.
		inputMode: 'numeric' as const,
		step: 1,
		className: 'max-w-40',
	})
	const { key: announcementKey, ...announcementProps } = getTextareaProps(fields.announcement)
	const { key: themeKey, ...themeProps } = getSelectProps(fields.defaultTheme)
	const { key: registrationOpenKey, ...registrationOpenProps } = getInputProps(fields.registrationOpen, { type: 'checkbox' })
	const { key: googleSignInKey, ...googleSignInProps } = getInputProps(fields.googleSignIn, { type: 'checkbox' })
	return (
		<div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-bold tracking-tight">Settings</h1>
			<p className="mt-1 text-sm text-muted">Saved settings apply at once, on every instance of the site.</p>
			<Form method="post" action="/admin/settings" className="mt-6 space-y-6" {...getFormProps(form)}>
				<ErrorList id={form.errorId} errors={form.errors} className="rounded-md bg-surface-2 px-3 py-2" />
				<section aria-labelledby="general-heading" className="card space-y-5">
					<h2 id="general-heading" className="text-lg font-semibold">
						Site
					</h2>
					<Field
						labelProps={{ children: 'Site name' }}
						inputProps={{ ...getInputProps(fields.siteName, { type: 'text' }), maxLength: SETTINGS_LIMITS.siteName }}
						help="Shown in the top bar, page titles and the footer."
						errors={fields.siteName.errors}
					/>
					<Field
						labelProps={{ children: 'Tagline' }}
						inputProps={{ ...getInputProps(fields.tagline, { type: 'text' }), maxLength: SETTINGS_LIMITS.tagline }}
						help="Shown in the footer and the home page's description."
						errors={fields.tagline.errors}
					/>
					<div>
						<label htmlFor={fields.announcement.id} className="form-label">
							Announcement
						</label>
						<textarea
							key={announcementKey}
							{...announcementProps}
							rows={3}
							maxLength={SETTINGS_LIMITS.announcement}
							className="form-input"
							aria-invalid={fields.announcement.errors ? true : undefined}
							aria-describedby={`${fields.announcement.id}-help${fields.announcement.errors ? ` ${fields.announcement.errorId}` : ''}`}
						/>
						<p id={`${fields.announcement.id}-help`} className="form-help">
							Plain text shown in a banner under the top bar on every page (up to {SETTINGS_LIMITS.announcement} characters). Leave empty for none.
						</p>
						<ErrorList id={fields.announcement.errorId} errors={fields.announcement.errors} />
					</div>
					<div>
						<label htmlFor={fields.defaultTheme.id} className="form-label">
							Default theme
						</label>
						<select
							key={themeKey}
							{...themeProps}
							className="form-input max-w-60"
							aria-describedby={`${fields.defaultTheme.id}-help`}
						>
							<option value="system">System (follow the device)</option>
							<option value="light">Light</option>
							<option value="dark">Dark</option>
						</select>
						<p id={`${fields.defaultTheme.id}-help`} className="form-help">
							For visitors who have not chosen a theme themselves.
						</p>
						<ErrorList id={fields.defaultTheme.errorId} errors={fields.defaultTheme.errors} />
					</div>
				</section>

				<section aria-labelledby="accounts-heading" className="card space-y-5">
					<h2 id="accounts-heading" className="text-lg font-semibold">
						Accounts
					</h2>
					<Checkbox
						{...registrationOpenProps}
						key={registrationOpenKey}
						label="Registration open"
						hint="When off, /register and the API refuse new accounts (existing users can still log in)."
					/>
					<Checkbox
						{...googleSignInProps}
						key={googleSignInKey}
						label="Google sign-in"
						hint={
							googleConfigured
								? 'When off, no Google button shows and Google sign-in is refused.'
								: 'Also needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET on the server, which are not set: Google sign-in stays unavailable until they are.'
						}
					/>
				</section>

				<section aria-labelledby="limits-heading" className="card space-y-5">
					<h2 id="limits-heading" className="text-lg font-semibold">
						Files and blog
					</h2>
					<Field
						labelProps={{ children: 'Upload size limit (MB)' }}
						inputProps={number(fields.uploadLimitMb)}
						help={`Largest file an upload may carry: ${SETTINGS_LIMITS.uploadLimitMb.min} to ${SETTINGS_LIMITS.uploadLimitMb.max} MB.`}
						errors={fields.uploadLimitMb.errors}
					/>
					<Field
						labelProps={{ children: 'File retention (hours)' }}
						inputProps={number(fields.fileRetentionHours)}
						help={`How long uploaded and produced files are kept: ${SETTINGS_LIMITS.fileRetentionHours.min} to ${SETTINGS_LIMITS.fileRetentionHours.max} hours. Blog images are kept until deleted.`}
						errors={fields.fileRetentionHours.errors}
					/>
					<Field
						labelProps={{ children: 'Posts per page' }}
						inputProps={number(fields.postsPerPage)}
						help={`Posts on each page of the blog: ${SETTINGS_LIMITS.postsPerPage.min} to ${SETTINGS_LIMITS.postsPerPage.max}.`}
						errors={fields.postsPerPage.errors}
					/>
				</section>

				<SubmitButton pending={pending} pendingText="Saving…" className="button-primary">
					Save settings
				</SubmitButton>
			</Form>
		</div>
	)
}
