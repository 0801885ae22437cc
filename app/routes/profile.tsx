import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { useState } from 'react'
import { z } from 'zod'
import { ErrorList, Field, PasswordField, SubmitButton, useIsPending } from '#app/components/forms.tsx'
import { Icon } from '#app/components/icon.tsx'
import { AUTH_BODY_LIMIT, requireUser } from '#app/accounts/auth.server.ts'
import { readFormData } from '#app/utils/body.server.ts'
import { formError, formErrorReply } from '#app/utils/errors.server.ts'
import { pageSeo } from '#app/utils/seo.ts'
import { clearSessionCookie, deleteUserSession, deleteUserSessions, listUserSessions, TOUCH_INTERVAL_MS } from '#app/accounts/session.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { describeUserAgent } from '#app/utils/user-agent.ts'
import { ChangePasswordSchema } from '#app/accounts/password-policy.ts'
import {
	deleteAccountSchema,
	NAME_MAX,
	PASSWORD_MAX,
	PASSWORD_MIN,
	ProfileNameSchema,
} from '#app/accounts/user-validation.ts'
import { changePassword, deleteAccount, getProfile, updateName } from '#app/accounts/user.server.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'
import { formatDate, formatDateTimeUtc } from '#app/utils/dates.ts'
import { deleteUserFile, listUserFiles } from '#app/files/files.server.ts'
import { formatBytes } from '#app/utils/format.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, { title: 'Your profile', description: 'Your name, password, sessions and account.', path: '/profile', noIndex: true })

export const headers = privatePageHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	const { user, sessionId } = await requireUser(request)
	const [profile, sessions, files] = await Promise.all([getProfile(user.id), listUserSessions(user.id), listUserFiles(user.id)])
	// Deleted a moment ago (another tab): its sessions went with it.
	if (!profile) throw redirect('/login')
	return {
		profile: {
			name: profile.name,
			email: profile.email,
			role: profile.role,
			createdAt: profile.createdAt.toISOString(),
			hasPassword: profile.hasPassword,
			google: profile.connections.find((c) => c.provider === 'google')?.email ?? null,
		},
		sessions: sessions.map((session) => ({
			id: session.id,
			current: session.id === sessionId,
			kind: session.kind,
			device: session.kind === 'api' ? `API token (${describeUserAgent(session.userAgent)})` : describeUserAgent(session.userAgent),
			createdAt: session.createdAt.toISOString(),
			lastUsedAt: session.lastUsedAt.toISOString(),
			// Use is recorded every few minutes, so "just now" covers that long.
			recent: Date.now() - session.lastUsedAt.getTime() < TOUCH_INTERVAL_MS,
		})),
		files: files.map((file) => ({
			id: file.id,
			name: file.name,
			size: file.size,
			pageCount: file.pageCount,
			createdAt: file.createdAt.toISOString(),
			expiresAt: file.expiresAt.toISOString(),
		})),
	}
}

const intents = ['update-name', 'change-password', 'end-session', 'end-other-sessions', 'delete-account', 'delete-file'] as const
type Intent = (typeof intents)[number]

type ActionResult = { intent: Intent; result: SubmissionResult<Array<string>> }

export async function action({ request }: ActionFunctionArgs) {
	const { user, sessionId } = await requireUser(request)
	let formData: FormData
	try {
		formData = await readFormData(request, AUTH_BODY_LIMIT)
	} catch (error) {
		return formErrorReply(error, { extra: { intent: 'update-name' as Intent } })
	}
	const intent = z.enum(intents).safeParse(formData.get('intent'))
	if (!intent.success) {
		return data<ActionResult>({ intent: 'update-name', result: formError('Validation failed: unknown action') }, { status: 400 })
	}

	switch (intent.data) {
		case 'update-name': {
			const submission = parseWithZod(formData, { schema: ProfileNameSchema })
			if (submission.status !== 'success') return data<ActionResult>({ intent: intent.data, result: submission.reply() }, { status: 400 })
			await updateName(user.id, submission.value.name)
			return redirectWithToast('/profile', { type: 'success', message: 'Your name was saved.' })
		}
		case 'change-password': {
			const submission = parseWithZod(formData, { schema: ChangePasswordSchema })
			if (submission.status !== 'success') {
				return data<ActionResult>({ intent: intent.data, result: submission.reply({ hideFields: ['currentPassword', 'newPassword'] }) }, { status: 400 })
			}
			try {
				const { endedSessions } = await changePassword({
					userId: user.id,
					currentPassword: submission.value.currentPassword,
					newPassword: submission.value.newPassword,
					keepSessionId: sessionId,
				})
				const others = endedSessions === 1 ? '1 other session was logged out' : `${endedSessions} other sessions were logged out`
				return redirectWithToast('/profile', { type: 'success', message: `Password saved. ${others}.` })
			} catch (error) {
				return formErrorReply(error, { submission, hideFields: ['currentPassword', 'newPassword'], extra: { intent: intent.data } })
			}
		}
		case 'end-session': {
			const target = formData.get('sessionId')
			// Never the current one here: that is Logout.
			const ended = typeof target === 'string' && target !== sessionId && (await deleteUserSession(user.id, target))
			return redirectWithToast(
				'/profile',
				ended ? { type: 'success', message: 'That session was logged out.' } : { type: 'info', message: 'That session had already ended.' },
			)
		}
		case 'end-other-sessions': {
			const count = await deleteUserSessions(user.id, sessionId)
			return redirectWithToast('/profile', {
				type: 'success',
				message: count === 0 ? 'There were no other sessions.' : `Logged out of ${count} other session${count === 1 ? '' : 's'}.`,
			})
		}
		case 'delete-file': {
			const target = formData.get('fileId')
			const deleted = typeof target === 'string' && (await deleteUserFile(user.id, target))
			return redirectWithToast(
				'/profile',
				deleted ? { type: 'success', message: 'The file was deleted.' } : { type: 'info', message: 'That file was already gone.' },
			)
		}
		case 'delete-account': {
			const submission = parseWithZod(formData, {
				schema: deleteAccountSchema(user.email),
			})
			if (submission.status !== 'success') return data<ActionResult>({ intent: intent.data, result: submission.reply() }, { status: 400 })
			await deleteAccount(user.id)
			return redirectWithToast(
				'/',
				{ type: 'info', message: 'Your account and everything in it has been deleted.' },
				{ headers: { 'Set-Cookie': await clearSessionCookie() } },
			)
		}
	}
}

function resultFor(actionData: ActionResult | undefined, intent: Intent) {
	return actionData?.intent === intent ? actionData.result : undefined
}

export default function Profile() {
	const { profile, sessions, files } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const others = sessions.filter((session) => !session.current)
	return (
		<div className="page-container max-w-3xl">
			<h1 className="text-3xl font-bold tracking-tight">Your profile</h1>
			<p className="mt-2 text-muted">
				Signed in as <strong className="text-fg">{profile.email}</strong>
				{profile.role === 'admin' ? ' (administrator)' : ''} · member since {formatDate(profile.createdAt)}
			</p>

			<section aria-labelledby="account-heading" className="card mt-8">
				<h2 id="account-heading" className="text-lg font-semibold">
					Account
				</h2>
				<NameForm name={profile.name} lastResult={resultFor(actionData, 'update-name')} />
				<dl className="mt-6 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
					<dt className="font-semibold">Email</dt>
					<dd className="break-all text-muted">{profile.email}</dd>
					<dt className="font-semibold">Sign-in methods</dt>
					<dd className="text-muted" data-testid="sign-in-methods">
						{[profile.hasPassword ? 'Password' : null, profile.google ? `Google (${profile.google})` : null].filter(Boolean).join(' · ') || 'None'}
					</dd>
				</dl>
			</section>

			<section aria-labelledby="password-heading" className="card mt-6">
				<h2 id="password-heading" className="text-lg font-semibold">
					{profile.hasPassword ? 'Change password' : 'Set a password'}
				</h2>
				<p className="mt-1 text-sm text-muted">
					{profile.hasPassword
						? 'Your other sessions are logged out when the password changes.'
						: 'Your account signs in with Google. A password lets you sign in with your email too.'}
				</p>
				<PasswordForm email={profile.email} hasPassword={profile.hasPassword} lastResult={resultFor(actionData, 'change-password')} />
			</section>

			<section aria-labelledby="sessions-heading" className="card mt-6">
				<h2 id="sessions-heading" className="text-lg font-semibold">
					Active sessions
				</h2>
				<p className="mt-1 text-sm text-muted">Browsers and API tokens signed in to your account. End any you do not recognise.</p>
				<ul className="mt-4 divide-y divide-border" data-testid="session-list">
					{sessions.map((session) => (
						<li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
							<div className="min-w-0">
								<p className="font-medium">
									{session.device}
									{session.current ? (
										<span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-fg">This browser</span>
									) : null}
								</p>
								<p className="text-sm text-muted">
									Last used{' '}
									{session.current || session.recent ? 'just now' : formatDateTimeUtc(session.lastUsedAt)} · signed in{' '}
									{formatDateTimeUtc(session.createdAt)}
								</p>
							</div>
							{session.current ? null : (
								<Form method="post">
									<input type="hidden" name="intent" value="end-session" />
									<input type="hidden" name="sessionId" value={session.id} />
									<button type="submit" className="button-secondary">
										Log out<span className="sr-only"> {session.device}</span>
									</button>
								</Form>
							)}
						</li>
					))}
				</ul>
				{others.length > 0 ? (
					<Form method="post" className="mt-4">
						<input type="hidden" name="intent" value="end-other-sessions" />
						<button type="submit" className="button-secondary">
							<Icon name="logout" />
							Log out of all other sessions
						</button>
					</Form>
				) : null}
			</section>

			<section aria-labelledby="files-heading" className="card mt-6">
				<h2 id="files-heading" className="text-lg font-semibold">
					Your files
				</h2>
				<p className="mt-1 text-sm text-muted">Results of the tools you used while signed in. Each is deleted when it expires.</p>
				{files.length === 0 ? (
					<p className="mt-4 text-sm text-muted" data-testid="file-list-empty">
						You have no stored files.
					</p>
				) : (
					<ul className="mt-4 divide-y divide-border" data-testid="file-list">
						{files.map((file) => (
							<li key={file.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
								<div className="min-w-0">
									<a href={`/api/pdf/${file.id}`} download className="break-all font-medium underline">
										{file.name}
									</a>
									<p className="text-sm text-muted">
										{formatBytes(file.size)}
										{file.pageCount !== null ? ` · ${file.pageCount} page${file.pageCount === 1 ? '' : 's'}` : ''} · expires{' '}
										{formatDateTimeUtc(file.expiresAt)}
									</p>
								</div>
								<Form method="post">
									<input type="hidden" name="intent" value="delete-file" />
									<input type="hidden" name="fileId" value={file.id} />
									<button type="submit" className="button-secondary">
										Delete<span className="sr-only"> {file.name}</span>
									</button>
								</Form>
							</li>
						))}
					</ul>
				)}
			</section>

			<DeleteAccount email={profile.email} lastResult={resultFor(actionData, 'delete-account')} />
		</div>
	)
}

function NameForm({ name, lastResult }: { name: string; lastResult: SubmissionResult<Array<string>> | undefined }) {
	const pending = useIsPending({ intent: 'update-name' })
	const [form, fields] = useForm({
		id: 'profile-name',
		lastResult,
		defaultValue: { name },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileNameSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" className="mt-4 flex flex-wrap items-start gap-3" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="update-name" />
			<Field
				className="min-w-0 flex-1"
				labelProps={{ children: 'Name' }}
				inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name', required: true, maxLength: NAME_MAX }}
				errors={fields.name.errors}
			/>
			<SubmitButton pending={pending} pendingText="Saving…" className="button-primary mt-7">
				Save name
			</SubmitButton>
			<ErrorList id={form.errorId} errors={form.errors} className="w-full" />
		</Form>
	)
}

function PasswordForm({
	email,
	hasPassword,
	lastResult,
}: {
	email: string
	hasPassword: boolean
	lastResult: SubmissionResult<Array<string>> | undefined
}) {
	const pending = useIsPending({ intent: 'change-password' })
	const schema = hasPassword
		? ChangePasswordSchema.extend({ currentPassword: ChangePasswordSchema.shape.currentPassword.unwrap() })
		: ChangePasswordSchema
	const [form, fields] = useForm({
		id: 'profile-password',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" className="mt-4 max-w-md space-y-4" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="change-password" />
			{/* Tells password managers which account the new password belongs to. */}
			<input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
			<ErrorList id={form.errorId} errors={form.errors} />
			{hasPassword ? (
				<PasswordField
					labelProps={{ children: 'Current password' }}
					inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password', required: true }}
					errors={fields.currentPassword.errors}
				/>
			) : null}
			<PasswordField
				labelProps={{ children: 'New password' }}
				inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password', required: true, minLength: PASSWORD_MIN }}
				help={`At least ${PASSWORD_MIN} characters (up to ${PASSWORD_MAX}).`}
				errors={fields.newPassword.errors}
			/>
			<SubmitButton pending={pending} pendingText="Saving…">
				{hasPassword ? 'Change password' : 'Set password'}
			</SubmitButton>
		</Form>
	)
}

function DeleteAccount({ email, lastResult }: { email: string; lastResult: SubmissionResult<Array<string>> | undefined }) {
	const pending = useIsPending({ intent: 'delete-account' })
	const [open, setOpen] = useState(Boolean(lastResult))
	const [form, fields] = useForm({
		id: 'delete-account',
		lastResult,
		onValidate: ({ formData }) =>
			parseWithZod(formData, { schema: deleteAccountSchema(email) }),
		shouldValidate: 'onSubmit',
	})
	return (
		<section aria-labelledby="delete-heading" className="card mt-6 border-danger/40">
			<h2 id="delete-heading" className="text-lg font-semibold text-danger">
				Delete account
			</h2>
			<p className="mt-1 text-sm text-muted">
				This deletes your account, your sessions and your sign-in methods at once. It cannot be undone. The tools keep working without an
				account.
			</p>
			<details className="mt-4" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
				<summary className="button-secondary cursor-pointer list-none">Delete my account…</summary>
				<Form method="post" className="mt-4 max-w-md space-y-4" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="delete-account" />
					<Field
						labelProps={{ children: `Type your email address (${email}) to confirm` }}
						inputProps={{ ...getInputProps(fields.confirmation, { type: 'text' }), autoComplete: 'off', required: true, spellCheck: false }}
						errors={fields.confirmation.errors}
					/>
					<SubmitButton pending={pending} pendingText="Deleting…" className="button-danger">
						Delete my account permanently
					</SubmitButton>
				</Form>
			</details>
		</section>
	)
}
