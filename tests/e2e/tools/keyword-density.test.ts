/**
 * The Keyword Density & Readability page (/tools/keyword-density): the
 * report as you type (counts, phrase tables, Flesch, longest sentences),
 * the stop-word filter, download, axe in both themes and a phone-sized
 * screen; and the form posted without JavaScript.
 */
import { readFile } from 'node:fs/promises'
import { expect, test } from '../fixtures.ts'
import { collectConsoleErrors, expectNoSeriousA11yViolationsWithoutJs, expectPhoneWidthAndAxeInBothThemes } from '../utils.ts'

const PATH = '/tools/keyword-density'
const TEXT = 'I like to read. Reading is fun because books are full of stories.'

test('with JavaScript: the report as you type, the stop-word filter, download, a phone screen, axe', async ({ page }) => {
	const errors = collectConsoleErrors(page)
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto(PATH)
	await page.getByTestId('tool-input').fill(TEXT)
	const report = page.getByTestId('keyword-report')
	await expect(report.getByText('Flesch reading ease')).toBeVisible()
	await expect(report).toContainText('96.1')
	await expect(report).toContainText('very easy')
	await expect(page.getByTestId('tool-status')).toHaveText('Analysed 13 words')
	const words = page.getByRole('table', { name: 'Top words' })
	await expect(words).not.toContainText(/\bto\b/)
	await page.getByRole('checkbox', { name: 'Leave out stop words' }).uncheck()
	await expect(words.getByRole('row', { name: /^to 1 7\.69%$/ })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Longest sentences' })).toBeVisible()

	const downloading = page.waitForEvent('download')
	await page.getByTestId('tool-download').click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe('keyword-density-report.txt')
	expect(await readFile((await download.path())!, 'utf8')).toMatch(/^Words: 13\nUnique words: 13\nSentences: 2\n/)

	// Emoji, right-to-left text and combining characters: counted, no error.
	await page.getByTestId('tool-input').fill('שלום עולם 😀 cafe\u0301 café')
	await expect(page.getByTestId('tool-status')).toHaveText('Analysed 4 words')
	await expectPhoneWidthAndAxeInBothThemes(page, 390)
	expect(errors).toEqual([])
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form posts and the server renders the report; empty input is a clear error', async ({ page, browser }) => {
		await page.goto(PATH)
		await page.getByTestId('tool-input').fill(TEXT)
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('keyword-report')).toContainText('96.1')
		await expect(page.getByRole('table', { name: 'Top words' })).toContainText('books')
		await expectNoSeriousA11yViolationsWithoutJs(page, browser)
		await page.getByTestId('tool-input').fill('   ')
		await page.getByTestId('tool-run').click()
		await expect(page.getByTestId('tool-error')).toContainText('Enter some text to analyse.')
	})
})
