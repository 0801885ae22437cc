/**
 * The parts of a parsed URL, as a description list: scheme, user, password
 * (hidden until "Show password" is ticked, which works without JavaScript),
 * host in Unicode and punycode, port with the default-port note, path,
 * query count, fragment and origin. Escaped parts also show their decoded
 * form. Everything is rendered as text.
 */
import { type ReactNode } from 'react'
import { Icon } from '#app/components/icon.tsx'
import { downloadText, useCopy } from '#app/tools/kit/tool-controls.tsx'
import { cn } from '#app/utils/misc.ts'
import { type ParsedUrl } from '../core.ts'
import { decodedPart, describePort, plural } from '../view.ts'

export function UrlParts({ parsed, summary, hydrated, running }: { parsed: ParsedUrl; summary: string; hydrated: boolean; running: boolean }) {
	const copy = useCopy()
	const port = describePort(parsed.scheme, parsed.port)
	const international = parsed.host !== parsed.hostPunycode
	return (
		<section aria-labelledby="url-parts-title" className="flex min-w-0 flex-col" aria-busy={running || undefined} data-testid="url-parts">
			<h2 id="url-parts-title" className="font-semibold">
				URL parts
			</h2>
			<dl className={cn('mt-2 divide-y divide-border rounded-lg border border-border bg-surface-2 text-sm', running && 'opacity-70')}>
				<Part name="scheme" label="Scheme">
					<Mono>{parsed.scheme}</Mono>
				</Part>
				<Part name="username" label="User">
					<Escaped text={parsed.username} />
				</Part>
				<Part name="password" label="Password">
					{parsed.password === '' ? (
						<None />
					) : (
						<div className="flex flex-wrap items-center gap-x-3 gap-y-1">
							<input id="url-show-password" type="checkbox" className="peer sr-only" data-testid="url-show-password" />
							<span className="peer-checked:hidden">
								<span aria-hidden="true" className="font-mono tracking-widest">
									••••••••
								</span>
								<span className="sr-only">hidden</span>
							</span>
							<span className="hidden peer-checked:inline" data-testid="url-password-value">
								<Escaped text={parsed.password} />
							</span>
							<label
								htmlFor="url-show-password"
								className="inline-flex cursor-pointer items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold text-accent hover:bg-accent-soft peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[color:var(--focus)]"
							>
								<Icon name="eye" className="size-4" />
								Show password
							</label>
						</div>
					)}
				</Part>
				<Part name="host" label="Host">
					{parsed.host === '' ? <None /> : <Mono>{parsed.host}</Mono>}
				</Part>
				<Part name="host-punycode" label="Host (punycode)">
					{parsed.hostPunycode === '' ? (
						<None />
					) : (
						<>
							<Mono>{parsed.hostPunycode}</Mono>
							<Note>{international ? 'the international name as it travels over the network' : 'plain ASCII, the same as above'}</Note>
						</>
					)}
				</Part>
				<Part name="port" label="Port">
					{port.port === '' ? (
						<None />
					) : (
						<>
							<Mono>{port.port}</Mono>
							{port.note ? <Note>{port.note}</Note> : null}
						</>
					)}
				</Part>
				<Part name="path" label="Path">
					<Escaped text={parsed.path} />
				</Part>
				<Part name="query" label="Query">
					{parsed.query.length === 0 ? <None /> : <span>{plural(parsed.query.length, 'parameter')}, in the table below</span>}
				</Part>
				<Part name="fragment" label="Fragment">
					<Escaped text={parsed.fragment} />
				</Part>
				<Part name="origin" label="Origin">
					{parsed.origin === 'null' ? (
						<>
							<Mono>null</Mono>
							<Note>{`${parsed.scheme}: URLs have no origin`}</Note>
						</>
					) : (
						<Mono>{parsed.origin}</Mono>
					)}
				</Part>
			</dl>
			<div className="mt-3 flex flex-wrap gap-2">
				<button type="button" className="button-secondary" data-testid="url-parts-copy" disabled={!hydrated} onClick={() => void copy(summary)}>
					Copy parts
				</button>
				<button
					type="button"
					className="button-secondary"
					data-testid="url-parts-download"
					disabled={!hydrated}
					onClick={() => downloadText(summary, 'url-parts.txt')}
				>
					Download parts
				</button>
			</div>
		</section>
	)
}

function Part({ name, label, children }: { name: string; label: string; children: ReactNode }) {
	return (
		<div className="grid gap-1 px-3 py-2 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
			<dt className="font-medium text-muted">{label}</dt>
			<dd className="min-w-0 break-words" data-testid={`url-part-${name}`}>
				{children}
			</dd>
		</div>
	)
}

function Mono({ children }: { children: ReactNode }) {
	return <span className="font-mono break-all text-fg">{children}</span>
}

function Note({ children }: { children: ReactNode }) {
	return <span className="ml-2 text-muted">({children})</span>
}

function None() {
	return <span className="text-muted">(none)</span>
}

/** A part as the URL holds it, and decoded when it has escapes. */
function Escaped({ text }: { text: string }) {
	if (text === '') return <None />
	const decoded = decodedPart(text)
	return (
		<>
			<Mono>{text}</Mono>
			{decoded !== null ? (
				<span className="block text-muted">
					decoded: <span className="font-mono break-all text-fg">{decoded}</span>
				</span>
			) : null}
		</>
	)
}
