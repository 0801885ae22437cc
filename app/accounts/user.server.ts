/**
 * Accounts: the data-access functions every way in (forms, the JSON API,
 * Google, the admin script) goes through, so each rule lives in one place.
 * Inputs arrive already validated by the schemas in user-validation.ts.
 */
import { isUniqueViolation, prisma } from '#app/utils/db.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from './password.server.ts'
import { deleteUserSessions, sessionUserSelect } from './session.server.ts'
import { getSiteSettingsForPage } from '#app/site/settings.server.ts'
import { removeFileBlobs } from '#app/files/files.server.ts'
import { NewPasswordSchema } from './password-policy.ts'
import { EmailSchema, normalizeEmail } from './user-validation.ts'

export type Role = 'user' | 'admin'

export type AccountUser = {
	id: string
	name: string
	email: string
	role: Role
	emailVerified: boolean
	createdAt: Date
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email address already exists. Log in instead?'
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password'
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled.'

export const REGISTRATION_CLOSED_MESSAGE = 'Registration is closed.'

/** Whether new accounts may be made (the admin setting; the last known one during a database outage). */
export async function isRegistrationOpen(): Promise<boolean> {
	return (await getSiteSettingsForPage()).settings.registrationOpen
}

/** Throws 403 'Registration is closed.' when an admin closed registration. */
export async function assertRegistrationOpen(): Promise<void> {
	if (!(await isRegistrationOpen())) throw new AppError('AUTHORIZATION_ERROR', REGISTRATION_CLOSED_MESSAGE)
}

/** Throws 403 'This account has been disabled.' when an admin disabled the account. */
export async function assertNotDisabled(userId: string): Promise<void> {
	const row = await prisma.user.findUnique({ where: { id: userId }, select: { disabledAt: true } })
	if (row?.disabledAt) throw new AppError('AUTHORIZATION_ERROR', ACCOUNT_DISABLED_MESSAGE)
}

export async function findUserByEmail(email: string): Promise<AccountUser | null> {
	return prisma.user.findUnique({ where: { email: normalizeEmail(email) }, select: sessionUserSelect })
}

export async function findUserById(id: string): Promise<AccountUser | null> {
	return prisma.user.findUnique({ where: { id }, select: sessionUserSelect })
}

/** Creates a password account; 409 when the address is taken (also under concurrent sign-ups: the unique index decides). */
export async function createPasswordUser(input: { name: string; email: string; password: string; role?: Role }): Promise<AccountUser> {
	const email = normalizeEmail(input.email)
	// Saves hashing for the common case; the insert below is what guarantees uniqueness.
	if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) {
		throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { field: 'email' })
	}
	const passwordHash = await hashPassword(input.password)
	try {
		return await prisma.user.create({
			data: { name: input.name, email, passwordHash, role: input.role ?? 'user' },
			select: sessionUserSelect,
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { field: 'email' })
		throw error
	}
}

/**
 * The account for an email and password, or null. Unknown addresses cost the
 * same hashing time as wrong passwords, so timing does not reveal which
 * addresses have accounts. A hash made with older parameters is upgraded.
 */
export async function verifyLogin(email: string, password: string): Promise<AccountUser | null> {
	const row = await prisma.user.findUnique({
		where: { email: normalizeEmail(email) },
		select: { ...sessionUserSelect, passwordHash: true },
	})
	if (!row?.passwordHash) {
		await verifyDummyPassword(password)
		return null
	}
	if (!(await verifyPassword(password, row.passwordHash))) return null
	if (needsRehash(row.passwordHash)) {
		const upgraded = await hashPassword(password)
		await prisma.user.updateMany({ where: { id: row.id, passwordHash: row.passwordHash }, data: { passwordHash: upgraded } })
	}
	const { passwordHash: _hash, ...user } = row
	return user
}

export type ProfileDetails = AccountUser & {
	hasPassword: boolean
	updatedAt: Date
	connections: Array<{ provider: string; email: string | null; createdAt: Date }>
}

export async function getProfile(userId: string): Promise<ProfileDetails | null> {
	const row = await prisma.user.findUnique({
		where: { id: userId },
		select: {
			...sessionUserSelect,
			updatedAt: true,
			passwordHash: true,
			connections: { select: { provider: true, email: true, createdAt: true }, orderBy: { createdAt: 'asc' } },
		},
	})
	if (!row) return null
	const { passwordHash, ...rest } = row
	return { ...rest, hasPassword: passwordHash !== null }
}

export async function updateName(userId: string, name: string): Promise<void> {
	await prisma.user.update({ where: { id: userId }, data: { name } })
}

/**
 * Sets a new password. With an existing password the current one must be
 * given and right; a Google-only account sets its first one. Every other
 * session of the user ends (ASVS 7.4.3): whoever knew the old password is out.
 */
export async function changePassword({
	userId,
	currentPassword,
	newPassword,
	keepSessionId,
}: {
	userId: string
	currentPassword: string | undefined
	newPassword: string
	keepSessionId?: string
}): Promise<{ endedSessions: number }> {
	const row = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } })
	if (!row) throw new AppError('NOT_FOUND', 'Account not found')
	if (row.passwordHash) {
		if (!currentPassword) throw new AppError('VALIDATION_ERROR', 'Enter your current password', { field: 'currentPassword' })
		if (!(await verifyPassword(currentPassword, row.passwordHash))) {
			throw new AppError('VALIDATION_ERROR', 'Your current password is not correct', { field: 'currentPassword' })
		}
	}
	const passwordHash = await hashPassword(newPassword)
	// Only if nobody changed it meanwhile (two tabs): the later change must prove the password again.
	const { count } = await prisma.user.updateMany({ where: { id: userId, passwordHash: row.passwordHash }, data: { passwordHash } })
	if (count === 0) throw new AppError('CONFLICT', 'Your password was changed elsewhere meanwhile. Reload and try again.')
	const endedSessions = await deleteUserSessions(userId, keepSessionId)
	return { endedSessions }
}

/** Deletes the account; its sessions and sign-in connections go with it (cascade). */
export async function deleteAccount(userId: string): Promise<void> {
	// The account's tool results go with it (blog images it uploaded, kept, stay with their posts).
	const onDisk = await prisma.storedFile.findMany({ where: { uploadedById: userId, kept: false, onDisk: true }, select: { id: true } })
	await prisma.$transaction([prisma.storedFile.deleteMany({ where: { uploadedById: userId, kept: false } }), prisma.user.deleteMany({ where: { id: userId } })])
	await removeFileBlobs(onDisk.map(({ id }) => id))
}

/**
 * Makes the account an admin, creating it with `password` when it does not
 * exist and one is given. Used by ADMIN_EMAIL/ADMIN_PASSWORD at start and
 * by `npm run admin`. An existing account keeps its password.
 */
export async function ensureAdmin({ email, password, name }: { email: string; password?: string; name?: string }) {
	const normalized = normalizeEmail(email)
	const existing = await prisma.user.findUnique({ where: { email: normalized }, select: { id: true, role: true } })
	if (existing) {
		if (existing.role !== 'admin') await prisma.user.update({ where: { id: existing.id }, data: { role: 'admin' } })
		return { created: false, promoted: existing.role !== 'admin' }
	}
	if (!password) return null
	try {
		await createPasswordUser({ name: name ?? 'Admin', email: normalized, password, role: 'admin' })
	} catch (error) {
		// Another instance created it at the same moment: promote that one.
		if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error
		await prisma.user.update({ where: { email: normalized }, data: { role: 'admin' } })
	}
	return { created: true, promoted: false }
}

/** A user as the JSON API shows it: never the password hash or session data. */
export function publicUser(user: AccountUser) {
	return { id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt.toISOString() }
}

/**
 * ADMIN_EMAIL (and ADMIN_PASSWORD for a new account) at start: creates or
 * promotes that account. A password that breaks the sign-up rules is
 * refused with a message, not used.
 */
export async function bootstrapAdminFromEnv(env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }, log: (message: string) => void = console.log) {
	if (!env.ADMIN_EMAIL) return
	const email = EmailSchema.safeParse(env.ADMIN_EMAIL)
	if (!email.success) {
		log(`ADMIN_EMAIL is not a valid email address: ${email.error.issues[0]?.message ?? 'invalid'}. No admin was set.`)
		return
	}
	let password: string | undefined
	if (env.ADMIN_PASSWORD) {
		const checked = NewPasswordSchema.safeParse(env.ADMIN_PASSWORD)
		if (checked.success) password = checked.data
		else log(`ADMIN_PASSWORD is refused: ${checked.error.issues[0]?.message ?? 'invalid'}.`)
	}
	const result = await ensureAdmin({ email: email.data, password })
	if (!result) log(`ADMIN_EMAIL ${email.data} has no account yet; set ADMIN_PASSWORD (8+ characters) to create it.`)
	else if (result.created) log(`Admin account ${email.data} created from ADMIN_EMAIL/ADMIN_PASSWORD.`)
	else if (result.promoted) log(`Account ${email.data} promoted to admin (ADMIN_EMAIL).`)
}
