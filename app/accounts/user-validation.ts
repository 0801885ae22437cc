/**
 * Account field rules, shared by the forms (Conform validates with them in
 * the browser) and the server (actions and the JSON API parse with the same
 * schemas), so both sides always agree. The rules for a new password, with
 * their list of common passwords, are in password-policy.ts, so that only
 * the forms that set one download the list.
 */
import { z } from 'zod'

export const NAME_MAX = 100
export const EMAIL_MAX = 254
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/**
 * Addresses are compared in one form: NFKC (full-width and other look-alike
 * compatibility characters fold to ASCII), trimmed, lower-cased. Validation
 * then only lets ASCII addresses through, so Cyrillic or Greek homoglyphs
 * cannot make a second "admin@example.com".
 */
export function normalizeEmail(value: string): string {
	return value.normalize('NFKC').trim().toLowerCase()
}

/**
 * Passwords are used as typed except for Unicode normalisation (NFKC, as
 * NIST SP 800-63B advises), so the same password typed on a keyboard that
 * composes accents differently still works. Never trimmed or case-folded.
 */
export function normalizePassword(value: string): string {
	return value.normalize('NFKC')
}

/** Length in characters (code points), so an emoji counts once. */
export function characterCount(value: string): number {
	let count = 0
	for (const _ of value) count++
	return count
}

// Control characters have no place in a name shown on pages and in logs.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

export const NameSchema = z
	.string({ required_error: 'Enter your name', invalid_type_error: 'Enter your name' })
	.transform((value) => value.normalize('NFC').trim())
	.pipe(
		z
			.string({ required_error: 'Enter your name' })
			.min(1, 'Enter your name')
			.max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
			.refine((value) => !CONTROL_CHARACTERS.test(value), 'Name cannot contain control characters'),
	)

export const EmailSchema = z
	.string({ required_error: 'Enter your email address', invalid_type_error: 'Enter your email address' })
	.max(EMAIL_MAX * 4, `Email address must be at most ${EMAIL_MAX} characters`)
	.transform(normalizeEmail)
	.pipe(
		z
			.string({ required_error: 'Enter your email address' })
			.min(1, 'Enter your email address')
			.max(EMAIL_MAX, `Email address must be at most ${EMAIL_MAX} characters`)
			.email('Enter a valid email address'),
	)

/** A password being checked (log in, current password): only present and not absurdly long. */
export const ExistingPasswordSchema = z
	.string({ required_error: 'Enter your password', invalid_type_error: 'Enter your password' })
	.min(1, 'Enter your password')
	.transform(normalizePassword)

export const RedirectToSchema = z.string().max(2048).optional()

export const LoginSchema = z.object({
	email: EmailSchema,
	password: ExistingPasswordSchema,
	redirectTo: RedirectToSchema,
})

/** The JSON API's body: the same fields without the form-only redirect. */
export const ApiLoginSchema = LoginSchema.omit({ redirectTo: true })

export const ProfileNameSchema = z.object({ name: NameSchema })

/** Deleting an account: the account's own email address, typed (any case). */
export function deleteAccountSchema(email: string) {
	return z
		.object({ confirmation: z.string({ required_error: 'Type your email address to confirm' }).max(EMAIL_MAX * 4) })
		.refine((value) => normalizeEmail(value.confirmation) === email, { message: `Type ${email} to confirm`, path: ['confirmation'] })
}
