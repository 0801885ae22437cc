import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { ErrorList, Field, PasswordField, SubmitButton, useIsPending } from '#app/components/forms.tsx'
import { AuthPage, authFormValidation } from '#app/accounts/auth-page.tsx'
import { AUTH_BODY_LIMIT, authFailure, getAuthenticator, getOptionalUser, startWebSession, withoutBody } from '#app/accounts/auth.server.ts'
import { parseForm } from '#app/utils/body.server.ts'
import { formErrorReply } from '#app/utils/errors.server.ts'
import { isGoogleRedirectAvailable } from '#app/accounts/google.server.ts'
import { readKnownDevices, rememberDevice } from '#app/accounts/known-device.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { LoginSchema } from '#app/accounts/user-validation.ts'
import { INVALID_CREDENTIALS_MESSAGE, isRegistrationOpen } from '#app/accounts/user.server.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, { title: 'Log in', description: 'Log in to your account with your email and password, or with Google.', path: '/login' })

export const headers = privatePageHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await getOptionalUser(request)
	const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '') || null
	return {
		redirectTo,
		currentUser: user ? { name: user.name, role: user.role } : null,
		// A signed-in non-admin sent here from the admin area (SPEC.md §2).
		needsAdmin: Boolean(user && user.role !== 'admin' && redirectTo?.startsWith('/admin')),
		google: await isGoogleRedirectAvailable(),
		registrationOpen: await isRegistrationOpen(),
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await parseForm(request, LoginSchema, { maxBytes: AUTH_BODY_LIMIT })
	if ('refused' in form) return formErrorReply(form.refused)
	const { formData, submission } = form
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	}
	let authenticated
	try {
		const knownDevices = await readKnownDevices(request)
		authenticated = await getAuthenticator().authenticate('form', withoutBody(request), { context: { ...context, formData, knownDevices } })
	} catch (error) {
		return formErrorReply(authFailure(error, INVALID_CREDENTIALS_MESSAGE), { submission, hideFields: ['password'], formLevel: true })
	}
	const { user } = authenticated
	const headers = new Headers()
	headers.append('Set-Cookie', await startWebSession(request, user.id))
	// This browser is now a known device of the account: strangers' failures never keep it out.
	for (const cookie of await rememberDevice(request, user.id)) headers.append('Set-Cookie', cookie)
	return redirectWithToast(safeRedirect(submission.value.redirectTo, '/'), { type: 'success', message: `Welcome back, ${user.name}!` }, { headers })
}

export default function Login() {
	const { redirectTo, currentUser, needsAdmin, google, registrationOpen } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const pending = useIsPending({ formAction: '/login' })
	const [form, fields] = useForm({
		id: 'login',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
		...authFormValidation,
	})
	const registerHref = redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : '/register'
	return (
		<AuthPage
			title="Log in"
			note={
				currentUser ? (
					<p className="mt-3 rounded-md bg-accent-soft px-3 py-2 text-sm text-fg" data-testid="signed-in-notice">
						You are signed in as <strong>{currentUser.name}</strong>.{' '}
						{needsAdmin ? 'That page needs an administrator account: log in with one to continue.' : 'Logging in here switches accounts.'}
					</p>
				) : (
					<p className="mt-2 text-sm text-muted">Welcome back. Every tool works without an account; yours keeps your profile.</p>
				)
			}
			google={google ? { label: 'Continue with Google', redirectTo } : null}
			footer={
				registrationOpen ? (
					<>
						New here?{' '}
						<Link to={registerHref} className="link">
							Create an account
						</Link>
					</>
				) : (
					'New accounts cannot be made at the moment.'
				)
			}
		>
			<Form method="post" className="space-y-5" {...getFormProps(form)}>
				{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
				<ErrorList id={form.errorId} errors={form.errors} className="rounded-md bg-surface-2 px-3 py-2" />
				<Field
					labelProps={{ children: 'Email' }}
					inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true, required: true, maxLength: 1016 }}
					errors={fields.email.errors}
				/>
				<PasswordField
					labelProps={{ children: 'Password' }}
					inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password', required: true }}
					errors={fields.password.errors}
				/>
				<SubmitButton pending={pending} pendingText="Logging in…" className="button-primary w-full">
					Log in
				</SubmitButton>
			</Form>
		</AuthPage>
	)
}
