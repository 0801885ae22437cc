import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { ErrorList, Field, PasswordField, SubmitButton, useIsPending } from '#app/components/forms.tsx'
import { GoogleButton, OrDivider } from '#app/components/google-button.tsx'
import {
	AUTH_FORM_MAX_BODY,
	authFailure,
	errorHeaders,
	formError,
	getAuthenticator,
	getOptionalUser,
	startWebSession,
	withoutBody,
} from '#app/utils/auth.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { isGoogleRedirectEnabled } from '#app/utils/google.server.ts'
import { safeRedirect } from '#app/utils/redirect.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { LoginSchema } from '#app/utils/user-validation.ts'
import { INVALID_CREDENTIALS_MESSAGE } from '#app/utils/user.server.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, { title: 'Log in', description: 'Log in to your account with your email and password, or with Google.', path: '/login' })

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await getOptionalUser(request)
	const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '') || null
	return {
		redirectTo,
		currentUser: user ? { name: user.name, role: user.role } : null,
		// A signed-in non-admin sent here from the admin area (SPEC.md §2).
		needsAdmin: Boolean(user && user.role !== 'admin' && redirectTo?.startsWith('/admin')),
		google: isGoogleRedirectEnabled(),
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	let formData: FormData
	try {
		formData = await readFormData(request, AUTH_FORM_MAX_BODY)
	} catch (error) {
		if (!(error instanceof AppError)) throw error
		return data({ result: formError(error.message) }, { status: error.status })
	}
	const submission = parseWithZod(formData, { schema: LoginSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	}
	let authenticated
	try {
		authenticated = await getAuthenticator().authenticate('form', withoutBody(request), { context: { ...context, formData } })
	} catch (error) {
		const failure = authFailure(error, INVALID_CREDENTIALS_MESSAGE)
		return data(
			{ result: submission.reply({ formErrors: [failure.message], hideFields: ['password'] }) },
			{ status: failure.status, headers: errorHeaders(failure) },
		)
	}
	const { user } = authenticated
	const setCookie = await startWebSession(request, user.id)
	return redirectWithToast(
		safeRedirect(submission.value.redirectTo, '/'),
		{ type: 'success', message: `Welcome back, ${user.name}!` },
		{ headers: { 'Set-Cookie': setCookie } },
	)
}

export default function Login() {
	const { redirectTo, currentUser, needsAdmin, google } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const pending = useIsPending({ formAction: '/login' })
	const [form, fields] = useForm({
		id: 'login',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const registerHref = redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : '/register'
	return (
		<div className="page-container">
			<div className="auth-card">
				<h1 className="text-2xl font-bold tracking-tight">Log in</h1>
				{currentUser ? (
					<p className="mt-3 rounded-md bg-accent-soft px-3 py-2 text-sm text-fg" data-testid="signed-in-notice">
						You are signed in as <strong>{currentUser.name}</strong>.{' '}
						{needsAdmin ? 'That page needs an administrator account: log in with one to continue.' : 'Logging in here switches accounts.'}
					</p>
				) : (
					<p className="mt-2 text-sm text-muted">Welcome back. Every tool works without an account; yours keeps your profile.</p>
				)}
				{google ? (
					<>
						<div className="mt-6">
							<GoogleButton redirectTo={redirectTo} />
						</div>
						<OrDivider />
					</>
				) : null}
				<Form method="post" className={google ? 'space-y-5' : 'mt-6 space-y-5'} {...getFormProps(form)}>
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
				<p className="mt-6 text-center text-sm text-muted">
					New here?{' '}
					<Link to={registerHref} className="link">
						Create an account
					</Link>
				</p>
			</div>
		</div>
	)
}
