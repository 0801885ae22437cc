import { expect, test } from './fixtures.ts'
import { liveGroups, toolGroups, toolHref, tools } from '#app/tools/registry.ts'
import { expectNoSeriousA11yViolations } from './utils.ts'

test.describe('theme', () => {
	test('follows the system preference when nothing is stored', async ({ browser }) => {
		for (const colorScheme of ['dark', 'light'] as const) {
			const context = await browser.newContext({ colorScheme })
			const page = await context.newPage()
			await page.goto('/')
			await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/)
			await context.close()
		}
	})

	test('the toggle persists `theme` and survives a reload with the right theme in the first byte', async ({ page }) => {
		await page.emulateMedia({ colorScheme: 'light' })
		await page.goto('/about')
		await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
		await page.getByTestId('theme-toggle').click()
		await expect(page.locator('html')).toHaveClass(/\bdark\b/)
		expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')

		// No flash: the server's HTML already carries the stored theme, before any script runs.
		const html = await (await page.request.get('/about')).text()
		expect(html).toMatch(/<html[^>]*class="dark"/)
		await page.reload()
		await expect(page.locator('html')).toHaveClass(/\bdark\b/)

		await page.getByTestId('theme-toggle').click()
		await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
		expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
		await page.reload()
		await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
	})

	test('a stored preference beats the system preference', async ({ browser }) => {
		const context = await browser.newContext({ colorScheme: 'dark' })
		const page = await context.newPage()
		await page.goto('/')
		await page.evaluate(() => localStorage.setItem('theme', 'light'))
		await page.reload()
		await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
		await context.close()
	})

	test('the toggle works without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'light' })
		const page = await context.newPage()
		await page.goto('/tools')
		await page.getByTestId('theme-toggle').click()
		await expect(page).toHaveURL(/\/tools$/)
		await expect(page.locator('html')).toHaveClass(/\bdark\b/)
		await context.close()
	})
})

test.describe('mobile menu', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

	test('slides in with the links and the tool grid; Escape closes it', async ({ page }) => {
		await page.goto('/')
		const button = page.getByTestId('mobile-menu-button')
		await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
		await expect(page.getByTestId('mobile-menu')).toBeHidden()
		await button.click()
		const menu = page.getByRole('dialog', { name: 'Site menu' })
		await expect(menu).toBeVisible()
		// The panel covers the screen's full height (nothing clips it to the top bar).
		await expect.poll(async () => (await menu.boundingBox())?.height).toBe(844)
		for (const name of ['Home', 'Tools', 'Blog', 'About', 'Register', 'Login']) {
			await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
		}
		await expect(menu.getByTestId('mobile-tool-grid').getByRole('link').first()).toBeVisible()
		await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused()
		await expectNoSeriousA11yViolations(page)
		await page.keyboard.press('Escape')
		await expect(menu).toBeHidden()
		await expect(button).toBeFocused()

		// A link navigates and closes the menu.
		await button.click()
		await menu.getByRole('link', { name: 'About' }).click()
		await expect(page).toHaveURL(/\/about$/)
		await expect(menu).toBeHidden()
	})

	test('opens without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
		const page = await context.newPage()
		await page.goto('/')
		await page.getByTestId('mobile-menu-button').click()
		await expect(page.getByTestId('mobile-menu')).toBeVisible()
		await page.getByTestId('mobile-menu').getByRole('link', { name: 'Tools', exact: true }).click()
		await expect(page).toHaveURL(/\/tools$/)
		await context.close()
	})
})

test.describe('sidebar', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	test('lists the other tools, collapses to 3rem, and remembers it', async ({ page }) => {
		await page.goto('/tools/text-case-converter')
		const sidebar = page.getByTestId('tool-sidebar')
		await expect(sidebar).toBeVisible()
		await expect(sidebar.getByRole('link', { name: 'Text Case Converter' })).toHaveCount(0)
		await expect(sidebar.getByRole('link', { name: 'Text Tools' })).toBeVisible()
		expect((await sidebar.boundingBox())?.width).toBe(256)

		await page.getByTestId('sidebar-toggle').click()
		await expect(sidebar).toHaveAttribute('data-state', 'closed')
		await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48)
		await page.reload()
		await expect(sidebar).toHaveAttribute('data-state', 'closed')

		// Keyboard: the toggle is a real button.
		await page.getByTestId('sidebar-toggle').focus()
		await page.keyboard.press('Enter')
		await expect(sidebar).toHaveAttribute('data-state', 'open')
		await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256)
	})

	test('is hidden on small screens', async ({ page }) => {
		await page.setViewportSize({ width: 800, height: 900 })
		await page.goto('/tools/text-case-converter')
		await expect(page.getByTestId('tool-sidebar')).toBeHidden()
	})

	test('collapses without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } })
		const page = await context.newPage()
		await page.goto('/tools/text')
		await page.getByTestId('sidebar-toggle').click()
		await expect(page).toHaveURL(/\/tools\/text$/)
		await expect(page.getByTestId('tool-sidebar')).toHaveAttribute('data-state', 'closed')
		await context.close()
	})
})

test('scroll-to-top appears after 300 px and takes the page back up', async ({ page }) => {
	await page.setViewportSize({ width: 1024, height: 500 })
	await page.goto('/tools/text-case-converter')
	const button = page.getByTestId('scroll-to-top')
	await expect(button).toBeHidden()
	await page.evaluate(() => window.scrollTo(0, 250))
	await expect(button).toBeHidden()
	await page.evaluate(() => window.scrollTo(0, 400))
	await expect(button).toBeVisible()
	await button.click()
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
	await expect(button).toBeHidden()
})

test('a failed page load shows the error screen, and Refresh Page recovers', async ({ page }) => {
	await page.goto('/')
	await page.waitForLoadState('networkidle')
	// The next client-side navigation's data request fails on the server side.
	await page.route('**/about.data*', (route) => route.fulfill({ status: 500, body: 'boom' }))
	await page.getByRole('banner').getByRole('link', { name: 'About' }).click()
	await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
	await expectNoSeriousA11yViolations(page)
	await page.unroute('**/about.data*')
	await page.getByRole('button', { name: 'Refresh Page' }).click()
	await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible()
})

test('a pending navigation shows Loading...', async ({ page }) => {
	await page.goto('/')
	await page.waitForLoadState('networkidle')
	let release: () => void = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/tools.data*', async (route) => {
		await held
		await route.continue()
	})
	await page.getByRole('banner').getByRole('link', { name: 'Tools', exact: true }).click()
	await expect(page.getByText('Loading...')).toBeVisible()
	release()
	await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible()
	await expect(page.getByText('Loading...')).toBeHidden()
})

test.describe('not found', () => {
	test('an unknown page is a 404 page in the shell', async ({ page }) => {
		const response = await page.goto('/no-such-page/really')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
		await expect(page.getByRole('banner')).toBeVisible()
		await expectNoSeriousA11yViolations(page)
	})

	test('a tool or group that does not exist is a 404', async ({ request }) => {
		const unbuiltTools = tools.filter((tool) => !tool.live).map(toolHref)
		const emptyGroups = toolGroups.filter((g) => g.href && !liveGroups.includes(g)).map((g) => g.href ?? '')
		for (const path of ['/tools/no-such-tool', ...unbuiltTools, ...emptyGroups]) {
			expect((await request.get(path)).status(), path).toBe(404)
		}
	})

	test('an unknown /api path answers 404 in JSON', async ({ request }) => {
		for (const method of ['get', 'post', 'delete'] as const) {
			const response = await request[method]('/api/no/such/endpoint')
			expect(response.status()).toBe(404)
			expect(response.headers()['content-type']).toContain('application/json')
			expect(await response.json()).toEqual({ message: 'API endpoint not found', status: 404, code: 'NOT_FOUND' })
		}
	})
})

test('redirects are real HTTP redirects', async ({ request }) => {
	const cases = [
		['/tools/pdf', '/tools/pdf-converter'],
		['/tools/pdf-editor', '/tools/pdf-converter?mode=edit'],
		['/admin', '/admin/dashboard'],
	] as const
	for (const [from, to] of cases) {
		const response = await request.get(from, { maxRedirects: 0 })
		expect([301, 302], from).toContain(response.status())
		expect(response.headers()['location'], from).toBe(to)
	}
})
