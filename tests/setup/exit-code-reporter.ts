/**
 * Makes a failed Vitest run exit non-zero. PGlite (Emscripten) sets
 * process.exitCode itself when the embedded test database stops, after
 * Vitest has set it, so without this a run with failing tests exited 0 and
 * CI could not see the failures. The verdict is applied on 'exit', last.
 */
import type { Reporter, TestModule } from 'vitest/node'

export default class ExitCodeReporter implements Reporter {
	onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>, reason: 'passed' | 'interrupted' | 'failed') {
		const failed = reason !== 'passed' || unhandledErrors.length > 0
		process.on('exit', () => {
			process.exitCode = failed ? 1 : 0
		})
	}
}
