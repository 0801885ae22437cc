/**
 * The rules for a new password, and the schemas of the forms that set one
 * (sign-up, password change). Shared by browser and server like
 * user-validation.ts; kept apart because of the common-password list
 * (≈ 15 KB gzipped), which only these forms need.
 */
import { z } from 'zod'
import { COMMON_PASSWORDS } from './common-passwords.ts'
import { characterCount, EmailSchema, ExistingPasswordSchema, NameSchema, normalizePassword, PASSWORD_MAX, PASSWORD_MIN, RedirectToSchema } from './user-validation.ts'

let commonPasswords: Set<string> | undefined

export function isCommonPassword(password: string): boolean {
	commonPasswords ??= new Set(COMMON_PASSWORDS.split('\n'))
	return commonPasswords.has(password.toLowerCase())
}

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

export const RegisterSchema = z.object({
	name: NameSchema,
	email: EmailSchema,
	password: NewPasswordSchema,
	redirectTo: RedirectToSchema,
})

/** The JSON API's body: the same fields without the form-only redirect. */
export const ApiRegisterSchema = RegisterSchema.omit({ redirectTo: true })

export const ChangePasswordSchema = z.object({
	// Absent for accounts that have no password yet (Google-only).
	currentPassword: ExistingPasswordSchema.optional(),
	newPassword: NewPasswordSchema,
})
