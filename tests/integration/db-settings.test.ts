import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { prisma } from '#app/utils/db.server.ts'
import { DEFAULT_SITE_SETTINGS, getSiteSettings, updateSiteSettings } from '#app/site/settings.server.ts'
import { resetDatabase } from '#tests/setup/db.ts'

const DEFAULTS = DEFAULT_SITE_SETTINGS

describe('site settings', () => {
	beforeEach(resetDatabase)

	test('reading a fresh database returns the defaults and stores the single row', async () => {
		expect(await prisma.siteSetting.count()).toBe(0)
		expect(await getSiteSettings()).toEqual(DEFAULTS)
		expect(await prisma.siteSetting.findMany({ select: { id: true } })).toEqual([{ id: 1 }])
		expect(await getSiteSettings()).toEqual(DEFAULTS)
		expect(await prisma.siteSetting.count()).toBe(1)
	})

	test('updates round-trip and leave other fields alone', async () => {
		const before = await prisma.siteSetting.upsert({ where: { id: 1 }, create: {}, update: {} })
		expect(await updateSiteSettings({ siteName: '  My Tools ' })).toEqual({ ...DEFAULTS, siteName: 'My Tools' })
		expect(await getSiteSettings()).toEqual({ ...DEFAULTS, siteName: 'My Tools' })
		expect(await updateSiteSettings({ tagline: 'Fast; private — "quoted" \' ✓' })).toEqual({
			...DEFAULTS,
			siteName: 'My Tools',
			tagline: 'Fast; private — "quoted" \' ✓',
		})
		const after = await prisma.siteSetting.findUniqueOrThrow({ where: { id: 1 } })
		expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime())
	})

	test('update on a fresh database creates the row', async () => {
		expect(await updateSiteSettings({ tagline: 'New' })).toEqual({ ...DEFAULTS, tagline: 'New' })
		expect(await prisma.siteSetting.count()).toBe(1)
	})

	test('rejects invalid values and unknown fields without writing', async () => {
		await expect(updateSiteSettings({ siteName: '   ' })).rejects.toThrow()
		await expect(updateSiteSettings({ siteName: 'x'.repeat(101) })).rejects.toThrow()
		// @ts-expect-error unknown field
		await expect(updateSiteSettings({ id: 2 })).rejects.toThrow()
		expect(await prisma.siteSetting.count()).toBe(0)
	})

	test('concurrent first reads create exactly one row', async () => {
		const results = await Promise.all(Array.from({ length: 20 }, () => getSiteSettings()))
		for (const r of results) expect(r).toEqual(DEFAULTS)
		expect(await prisma.siteSetting.count()).toBe(1)
	})

	describe('the one-second cache', () => {
		afterEach(() => vi.useRealTimers())

		test('serves repeated reads from memory, sees its own changes at once and other writers within a second', async () => {
			vi.useFakeTimers({ toFake: ['Date'] })
			expect(await getSiteSettings()).toEqual(DEFAULTS)
			// Another instance changes the row behind this one's back.
			await prisma.siteSetting.update({ where: { id: 1 }, data: { siteName: 'Changed elsewhere' } })
			expect((await getSiteSettings()).siteName).toBe('ToolNest')
			vi.setSystemTime(Date.now() + 1_001)
			expect((await getSiteSettings()).siteName).toBe('Changed elsewhere')
			// A change made here is visible immediately.
			await updateSiteSettings({ siteName: 'Changed here' })
			expect((await getSiteSettings()).siteName).toBe('Changed here')
		})
	})
})
