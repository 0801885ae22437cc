/**
 * Account field rules, shared by the forms (Conform validates with them in
 * the browser) and the server (actions and the JSON API parse with the same
 * schemas), so both sides always agree.
 */
import { z } from 'zod'
import { COMMON_PASSWORDS } from './common-passwords.ts'

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

let commonPasswords: Set<string> | undefined

export function isCommonPassword(password: string): boolean {
	commonPasswords ??= new Set(COMMON_PASSWORDS.split('\n'))
	return commonPasswords.has(password.toLowerCase())
}

// Control characters have no place in a name shown on pages and in logs.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

export const NameSchema = z
	.string({ required_error: 'Enter your name', invalid_type_error: 'Enter your name' })
	.transform((value) => value.normalize('NFC').trim())
	.pipe(
		z
			.string()
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
			.string()
			.min(1, 'Enter your email address')
			.max(EMAIL_MAX, `Email address must be at most ${EMAIL_MAX} characters`)
			.email('Enter a valid email address'),
	)

/** A new password: length rules, not composition rules (ASVS 6.2), and not one of the most common passwords. */
export const NewPasswordSchema = z
	.string({ required_error: 'Enter a password', invalid_type_error: 'Enter a password' })
	.transform(normalizePassword)
	.superRefine((value, ctx) => {
		const length = characterCount(value)
		if (length === 0) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Enter a password' })
		} else if (length < PASSWORD_MIN) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Password must be at least ${PASSWORD_MIN} characters` })
		} else if (length > PASSWORD_MAX) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Password must be at most ${PASSWORD_MAX} characters` })
		} else if (isCommonPassword(value)) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				message: 'This password is one of the most common ones. Choose one that is harder to guess.',
			})
		}
	})

/** A password being checked (log in, current password): only present and not absurdly long. */
export const ExistingPasswordSchema = z
	.string({ required_error: 'Enter your password', invalid_type_error: 'Enter your password' })
	.min(1, 'Enter your password')
	.transform(normalizePassword)

export const RedirectToSchema = z.string().max(2048).optional()

export const RegisterSchema = z.object({
	name: NameSchema,
	email: EmailSchema,
	password: NewPasswordSchema,
	redirectTo: RedirectToSchema,
})

export const LoginSchema = z.object({
	email: EmailSchema,
	password: ExistingPasswordSchema,
	redirectTo: RedirectToSchema,
})

/** The JSON API's bodies: the same fields without the form-only redirect. */
export const ApiRegisterSchema = RegisterSchema.omit({ redirectTo: true })
export const ApiLoginSchema = LoginSchema.omit({ redirectTo: true })

export const ProfileNameSchema = z.object({ name: NameSchema })

export const ChangePasswordSchema = z.object({
	// Absent for accounts that have no password yet (Google-only).
	currentPassword: ExistingPasswordSchema.optional(),
	newPassword: NewPasswordSchema,
})

export const DeleteAccountSchema = z.object({
	confirmation: z.string({ required_error: 'Type your email address to confirm' }).max(EMAIL_MAX * 4),
})
