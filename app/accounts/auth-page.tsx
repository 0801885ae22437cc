import { type ReactNode } from 'react'
import { GoogleButton, OrDivider } from '#app/accounts/google-button.tsx'

/**
 * The frame of the log-in and sign-up pages: a card with the title, a short
 * note, "Continue with Google" when it is configured, the form, and the link
 * to the other page.
 */
export function AuthPage({
	title,
	note,
	google,
	footer,
	children,
}: {
	title: string
	note: ReactNode
	/** The Google button's label and where to return afterwards; null when Google sign-in is off. */
	google: { label: string; redirectTo: string | null } | null
	footer: ReactNode
	children: ReactNode
}) {
	return (
		<div className="page-container">
			<div className="auth-card">
				<h1 className="text-2xl font-bold tracking-tight">{title}</h1>
				{note}
				{google ? (
					<>
						<div className="mt-6">
							<GoogleButton redirectTo={google.redirectTo} label={google.label} />
						</div>
						<OrDivider />
					</>
				) : null}
				<div className={google ? undefined : 'mt-6'}>{children}</div>
				<p className="mt-6 text-center text-sm text-muted">{footer}</p>
			</div>
		</div>
	)
}

/** The shared form settings: validate a field when it is left, then as it is corrected. */
export const authFormValidation = { shouldValidate: 'onBlur', shouldRevalidate: 'onInput' } as const
