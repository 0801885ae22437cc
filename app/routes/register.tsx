import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { ErrorList, Field, PasswordField, SubmitButton, useIsPending } from '#app/components/forms.tsx'
import { AuthPage, authFormValidation } from '#app/accounts/auth-page.tsx'
import { AUTH_BODY_LIMIT, getOptionalUser, limitByIp, startWebSession } from '#app/accounts/auth.server.ts'
import { parseForm } from '#app/utils/body.server.ts'
import { formError, formErrorReply } from '#app/utils/errors.server.ts'
import { rememberDevice } from '#app/accounts/known-device.server.ts'
import { isGoogleRedirectAvailable } from '#app/accounts/google.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { RegisterSchema } from '#app/accounts/password-policy.ts'
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '#app/accounts/user-validation.ts'
import { createPasswordUser, isRegistrationOpen, REGISTRATION_CLOSED_MESSAGE } from '#app/accounts/user.server.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, { title: 'Create an account', description: 'Create a free account: your profile, and your sessions in one place.', path: '/register' })

export const headers = privatePageHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await getOptionalUser(request)
	const open = await isRegistrationOpen()
	return {
		redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '') || null,
		currentUser: user ? { name: user.name } : null,
		/** Null while registration is open; else the message shown instead of the form. */
		closedMessage: open ? null : REGISTRATION_CLOSED_MESSAGE,
		// Google's button would make accounts too: not offered while registration is closed.
		google: open && (await isGoogleRedirectAvailable()),
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	if (!(await isRegistrationOpen())) {
		await request.body?.cancel().catch(() => {})
		return data({ result: formError(REGISTRATION_CLOSED_MESSAGE) }, { status: 403 })
	}
	const form = await parseForm(request, RegisterSchema, { maxBytes: AUTH_BODY_LIMIT })
	if ('refused' in form) return formErrorReply(form.refused)
	const { submission } = form
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	}
	const { name, email, password, redirectTo } = submission.value
	let user
	try {
		await limitByIp('register', context.clientIp)
		user = await createPasswordUser({ name, email, password })
	} catch (error) {
		return formErrorReply(error, { submission, hideFields: ['password'] })
	}
	// SPEC.md §4: registering logs the new user in at once (ending any session this browser held).
	const headers = new Headers()
	headers.append('Set-Cookie', await startWebSession(request, user.id))
	for (const cookie of await rememberDevice(request, user.id)) headers.append('Set-Cookie', cookie)
	return redirectWithToast(safeRedirect(redirectTo, '/'), { type: 'success', message: `Welcome, ${user.name}! Your account is ready.` }, { headers })
}

export default function Register() {
	const { redirectTo, currentUser, google, closedMessage } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const pending = useIsPending({ formAction: '/register' })
	const [form, fields] = useForm({
		id: 'register',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
		...authFormValidation,
	})
	const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login'
	if (closedMessage) {
		return (
			<AuthPage
				title="Create an account"
				note={
					<p className="mt-3 rounded-md bg-surface-2 px-3 py-2 text-sm text-fg" role="status" data-testid="registration-closed">
						{closedMessage} New accounts cannot be made at the moment; every tool still works without one.
					</p>
				}
				google={null}
				footer={
					<>
						Already have an account?{' '}
						<Link to={loginHref} className="link">
							Log in
						</Link>
					</>
				}
			>
				{null}
			</AuthPage>
		)
	}
	return (
		<AuthPage
			title="Create an account"
			note={
				currentUser ? (
					<p className="mt-3 rounded-md bg-accent-soft px-3 py-2 text-sm text-fg">
						You are signed in as <strong>{currentUser.name}</strong>. Creating an account signs you in to the new one.
					</p>
				) : (
					<p className="mt-2 text-sm text-muted">Free, and the tools never need it. We only keep your name, email and password hash.</p>
				)
			}
			google={google ? { label: 'Sign up with Google', redirectTo } : null}
			footer={
				<>
					Already have an account?{' '}
					<Link to={loginHref} className="link">
						Log in
					</Link>
				</>
			}
		>
			<Form method="post" className="space-y-5" {...getFormProps(form)}>
				{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
				<ErrorList id={form.errorId} errors={form.errors} className="rounded-md bg-surface-2 px-3 py-2" />
				<Field
					labelProps={{ children: 'Name' }}
					inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name', autoFocus: true, required: true, maxLength: NAME_MAX }}
					errors={fields.name.errors}
				/>
				<Field
					labelProps={{ children: 'Email' }}
					inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', required: true, maxLength: 1016 }}
					errors={fields.email.errors}
				/>
				<PasswordField
					labelProps={{ children: 'Password' }}
					inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password', required: true, minLength: PASSWORD_MIN }}
					help={`At least ${PASSWORD_MIN} characters (up to ${PASSWORD_MAX}). A few unrelated words make a strong one.`}
					errors={fields.password.errors}
				/>
				<SubmitButton pending={pending} pendingText="Creating your account…" className="button-primary w-full">
					Create account
				</SubmitButton>
			</Form>
		</AuthPage>
	)
}
