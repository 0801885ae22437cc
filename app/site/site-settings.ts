/**
 * The site settings' shape, limits and validation, shared by the server
 * (settings.server.ts re-exports them) and the admin form's client-side
 * validation (Conform), so both apply the same rules.
 */
import { z } from 'zod'

export const DEFAULT_THEMES = ['system', 'light', 'dark'] as const
export type DefaultTheme = (typeof DEFAULT_THEMES)[number]

export type SiteSettings = {
	siteName: string
	tagline: string
	registrationOpen: boolean
	googleSignIn: boolean
	/** Largest file an upload may carry, in MB. */
	uploadLimitMb: number
	/** Hours a file that is not marked kept stays stored. */
	fileRetentionHours: number
	postsPerPage: number
	/** Plain text shown site-wide; empty for none. */
	announcement: string
	defaultTheme: DefaultTheme
}


/** Limits of the admin-editable values (the settings form shows them). */
export const SETTINGS_LIMITS = {
	siteName: 100,
	tagline: 300,
	announcement: 500,
	uploadLimitMb: { min: 1, max: 100 },
	fileRetentionHours: { min: 1, max: 720 },
	postsPerPage: { min: 1, max: 50 },
} as const

const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
	z.coerce
		.number({ invalid_type_error: `${label} must be a number` })
		.int(`${label} must be a whole number`)
		.min(min, `${label} must be at least ${min}`)
		.max(max, `${label} must be at most ${max}`)

/** Every field, required: the admin settings form (which sends them all). */
export const siteSettingsFieldsSchema = z.object({
	siteName: z.string({ required_error: 'Enter a site name' }).trim().min(1, 'Enter a site name').max(SETTINGS_LIMITS.siteName, `At most ${SETTINGS_LIMITS.siteName} characters`),
	tagline: z.string().trim().max(SETTINGS_LIMITS.tagline, `At most ${SETTINGS_LIMITS.tagline} characters`),
	registrationOpen: z.boolean(),
	googleSignIn: z.boolean(),
	uploadLimitMb: wholeNumber('Upload limit', SETTINGS_LIMITS.uploadLimitMb),
	fileRetentionHours: wholeNumber('Retention', SETTINGS_LIMITS.fileRetentionHours),
	postsPerPage: wholeNumber('Posts per page', SETTINGS_LIMITS.postsPerPage),
	announcement: z.string().trim().max(SETTINGS_LIMITS.announcement, `At most ${SETTINGS_LIMITS.announcement} characters`),
	defaultTheme: z.enum(DEFAULT_THEMES, { errorMap: () => ({ message: 'Choose system, light or dark' }) }),
})

/** Any subset of the fields; unknown keys are refused. What `updateSiteSettings` accepts. */
export const siteSettingsUpdateSchema = siteSettingsFieldsSchema.partial().strict()

export type SiteSettingsUpdate = z.input<typeof siteSettingsUpdateSchema>


/**
 * The admin settings form: every field is sent. An unticked checkbox is not
 * sent at all (false), and Conform turns an empty text field into
 * `undefined` (an empty tagline or announcement).
 */
export const siteSettingsFormSchema = siteSettingsFieldsSchema.extend({
	tagline: siteSettingsFieldsSchema.shape.tagline.default(''),
	announcement: siteSettingsFieldsSchema.shape.announcement.default(''),
	registrationOpen: z.boolean().default(false),
	googleSignIn: z.boolean().default(false),
})
