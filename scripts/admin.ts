/**
 * npm run admin -- --email <address> [--password <password>]
 *
 * Makes an existing account an administrator. With --password, an account
 * that does not exist yet is created as an admin. Works on DATABASE_URL when
 * set, else on the embedded database in DATA_DIR, which must not be in use
 * by a running server (stop it, or use ADMIN_EMAIL at the next start).
 */
import { parseArgs } from 'node:util'
import { disconnectPrisma } from '../app/utils/db.server.ts'
import { NewPasswordSchema } from '../app/accounts/password-policy.ts'
import { EmailSchema } from '../app/accounts/user-validation.ts'
import { ensureAdmin } from '../app/accounts/user.server.ts'
import { startDatabase } from '../server/db/database.server.ts'
import { DatabaseLockedError } from '../server/db/embedded.server.ts'

function usage(message: string): never {
	console.error(`${message}\nUsage: npm run admin -- --email <address> [--password <password>]`)
	process.exit(2)
}

let values: { email?: string; password?: string }
try {
	;({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true }))
} catch (error) {
	usage(error instanceof Error ? error.message : String(error))
}
if (!values.email) usage('--email is required.')
const email = EmailSchema.safeParse(values.email)
if (!email.success) usage(`Not a valid email address: ${values.email}`)
let password: string | undefined
if (values.password !== undefined) {
	const checked = NewPasswordSchema.safeParse(values.password)
	if (!checked.success) usage(`The password is refused: ${checked.error.issues[0]?.message ?? 'invalid'}`)
	password = checked.data
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => console.error(`Received ${signal}: finishing first, then exiting.`))
}

let exitCode = 0
try {
	const db = await startDatabase({ log: () => {} })
	try {
		const result = await ensureAdmin({ email: email.data, password })
		if (!result) {
			console.error(`No account uses ${email.data}. Register it on the site first, or pass --password to create it.`)
			exitCode = 1
		} else if (result.created) {
			console.log(`Created the admin account ${email.data}.`)
		} else {
			console.log(result.promoted ? `${email.data} is now an admin.` : `${email.data} was already an admin.`)
		}
	} finally {
		await disconnectPrisma()
		await db.stop()
	}
} catch (error) {
	if (error instanceof DatabaseLockedError) {
		console.error(`${error.message}\nOr set ADMIN_EMAIL and restart the server: it promotes that account when it starts.`)
	} else {
		console.error(error instanceof Error ? error.message : String(error))
	}
	exitCode = 1
}
process.exit(exitCode)
