/**
 * Site settings: one row (id 1) of the SiteSetting table, created with the
 * schema's defaults the first time it is read.
 */
import { markContentChanged } from '#app/utils/content-changes.server.ts'
import { describeDatabaseError, prisma } from '#app/utils/db.server.ts'
import { DEFAULT_THEMES, siteSettingsUpdateSchema, type DefaultTheme, type SiteSettings, type SiteSettingsUpdate } from './site-settings.ts'

const SETTINGS_ID = 1

export {
	DEFAULT_THEMES,
	SETTINGS_LIMITS,
	siteSettingsFieldsSchema,
	siteSettingsUpdateSchema,
	type DefaultTheme,
	type SiteSettings,
	type SiteSettingsUpdate,
} from './site-settings.ts'

const select = {
	siteName: true,
	tagline: true,
	registrationOpen: true,
	googleSignIn: true,
	uploadLimitMb: true,
	fileRetentionHours: true,
	postsPerPage: true,
	announcement: true,
	defaultTheme: true,
} as const

/**
 * Every page's root loader reads the settings, so they are kept in memory
 * for a second: at hundreds of requests a second that saves nearly all the
 * queries, and another instance's change still shows within a second. A
 * change made here is seen at once. A failed read is never cached, so a
 * database outage shows as soon as the second is up.
 */
const CACHE_MS = 1_000
let cached: { value: SiteSettings; expires: number } | null = null

export async function getSiteSettings(): Promise<SiteSettings> {
	if (cached && cached.expires > Date.now()) return cached.value
	const value = await readSiteSettings()
	cached = { value, expires: Date.now() + CACHE_MS }
	return value
}

/** The settings as stored now (bypassing the cache, which it refreshes): for read-modify-write. */
export async function getFreshSiteSettings(): Promise<SiteSettings> {
	const value = await readSiteSettings()
	cached = { value, expires: Date.now() + CACHE_MS }
	return value
}

type SettingsRow = Omit<SiteSettings, 'defaultTheme'> & { defaultTheme: string }

function fromRow(row: SettingsRow): SiteSettings {
	const defaultTheme = (DEFAULT_THEMES as ReadonlyArray<string>).includes(row.defaultTheme) ? (row.defaultTheme as DefaultTheme) : 'system'
	return { ...row, defaultTheme }
}

async function readSiteSettings(): Promise<SiteSettings> {
	const row = await prisma.siteSetting.findUnique({ where: { id: SETTINGS_ID }, select })
	if (row) return fromRow(row)
	// First read on a fresh database: insert the defaults (concurrent first
	// readers all end up with the same single row).
	try {
		return fromRow(
			await prisma.siteSetting.upsert({
				where: { id: SETTINGS_ID },
				create: { id: SETTINGS_ID },
				update: {},
				select,
			}),
		)
	} catch (error) {
		// Another request inserted it between our read and insert.
		if ((error as { code?: unknown }).code === 'P2002') {
			return fromRow(await prisma.siteSetting.findUniqueOrThrow({ where: { id: SETTINGS_ID }, select }))
		}
		throw error
	}
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
	siteName: 'ToolNest',
	tagline: 'Free online converters and developer tools — fast and private',
	registrationOpen: true,
	googleSignIn: true,
	uploadLimitMb: 25,
	fileRetentionHours: 1,
	postsPerPage: 10,
	announcement: '',
	defaultTheme: 'system',
}
let lastGood: SiteSettings | null = null

/**
 * For rendering pages: the settings, or during a database outage the last
 * ones read (else the defaults), so pages that need no database (the tools)
 * keep working. `fromDatabase` is false when the fallback was used.
 */
export async function getSiteSettingsForPage(): Promise<{ settings: SiteSettings; fromDatabase: boolean }> {
	try {
		const settings = await getSiteSettings()
		lastGood = settings
		return { settings, fromDatabase: true }
	} catch (error) {
		console.error('Site settings unavailable, using the last known ones:', describeDatabaseError(error))
		return { settings: lastGood ?? DEFAULT_SITE_SETTINGS, fromDatabase: false }
	}
}

/** Validates and saves the given fields (others unchanged); returns the saved settings. */
export async function updateSiteSettings(changes: SiteSettingsUpdate): Promise<SiteSettings> {
	const data = siteSettingsUpdateSchema.parse(changes)
	cached = null
	const saved = fromRow(
		await prisma.siteSetting.upsert({
			where: { id: SETTINGS_ID },
			create: { id: SETTINGS_ID, ...data },
			update: data,
			select,
		}),
	)
	cached = { value: saved, expires: Date.now() + CACHE_MS }
	markContentChanged()
	return saved
}

/** For tests that change the row behind this module's back. */
export function forgetCachedSiteSettings() {
	cached = null
	lastGood = null
}
