/**
 * The console.error guard (Epic Stack's setup-test-env.ts): a test that logs
 * an error it did not ask for fails, so a swallowed exception cannot hide
 * behind a green test. A test that logs on purpose says so first:
 *
 *     allowConsoleError()                      // silent, calls still recorded
 *     expect(allowConsoleError()).toHaveBeenCalledWith(…)
 *
 * or spies itself (`vi.spyOn(console, 'error').mockImplementation(() => {})`),
 * which replaces the guard's implementation for that test.
 *
 * The guard records and fails in afterEach rather than throwing from
 * console.error: a throw there would change the code under test (an error
 * handler that logs would then throw instead of answering).
 */
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest'
import { format } from 'node:util'

let consoleError: MockInstance<typeof console.error> | undefined
let unexpected: string[] = []

/** Lets the current test log errors; returns the spy (silent) to check what was logged. */
export function allowConsoleError(): MockInstance<typeof console.error> {
	if (!consoleError) throw new Error('allowConsoleError() is for use inside a test (the guard is set up per test).')
	return consoleError.mockImplementation(() => {})
}

beforeEach(() => {
	unexpected = []
	const original = console.error
	consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
		unexpected.push(format(...args))
		original(...args)
	})
})

afterEach(() => {
	consoleError?.mockRestore()
	consoleError = undefined
	const logged = unexpected
	unexpected = []
	if (logged.length > 0) {
		expect.fail(
			`console.error was called ${logged.length} time(s) in this test; call allowConsoleError() (tests/setup/console-error.ts) first if that is expected. First call:\n${logged[0]!.slice(0, 2000)}`,
		)
	}
})
