/**
 * The Convert form's password (issue 29): one field for every operation that
 * reads PDFs, posted as `password` with or without JavaScript, and "Keep the
 * password" (`keepProtection`) for the operations that write PDFs. The field
 * is never filled in again by the page: a failed form shows it empty.
 */
import { type ReactNode } from 'react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { PDF_OPERATION_FILES, type PdfOperation } from '../options.ts'

/** Operations whose inputs are PDFs (all but images → PDF). */
export function readsPdfs(operation: PdfOperation): boolean {
	return operation !== 'images-to-pdf'
}

/** Operations whose results are PDFs (a ZIP of PDFs for split), which "Keep the password" encrypts. */
export function writesPdfs(operation: PdfOperation): boolean {
	return readsPdfs(operation) && operation !== 'pdf-to-text' && operation !== 'pdf-to-images'
}

type Props = {
	operation: PdfOperation
	password: string
	keep: boolean
	onPassword: (value: string) => void
	onKeep: (value: boolean) => void
	/** The server's error about the password (missing or wrong), shown under the field. */
	alert: ReactNode
}

export function ProtectionFields({ operation, password, keep, onPassword, onKeep, alert }: Props) {
	if (!readsPdfs(operation)) return null
	const several = PDF_OPERATION_FILES[operation].max > 1
	return (
		<section aria-labelledby="pdf-protection-title" data-testid="pdf-protection">
			<h2 id="pdf-protection-title" className="text-lg font-semibold">
				4. Password <span className="text-base font-normal text-muted">(only for a protected PDF)</span>
			</h2>
			<div className="mt-3 grid gap-5 sm:grid-cols-2">
				<div>
					<label htmlFor="pdf-password" className="form-label">
						PDF password
					</label>
					<input
						id="pdf-password"
						name="password"
						type="password"
						autoComplete="off"
						autoCapitalize="off"
						spellCheck={false}
						maxLength={1024}
						value={password}
						onChange={(event) => onPassword(event.target.value)}
						aria-describedby="pdf-password-hint"
						aria-invalid={alert ? true : undefined}
						className="form-input"
						data-testid="pdf-password"
					/>
					<p id="pdf-password-hint" className="form-help">
						{several ? 'One password for every file that asks for one; files without a password ignore it. ' : 'Leave it empty unless the PDF asks for one. '}
						It is used to open the {several ? 'files' : 'file'} and is not stored.
					</p>
					{alert}
				</div>
				{writesPdfs(operation) ? (
					<Checkbox
						id="pdf-keep-protection"
						name="keepProtection"
						value="on"
						checked={keep}
						onChange={(event) => onKeep(event.target.checked)}
						className="sm:mt-7"
						data-testid="pdf-keep-protection"
						label="Keep the password on the result"
						hint="The result is encrypted with the same password (AES-256). Otherwise it has no password, and an owner’s restrictions (printing, copying) are not kept either."
					/>
				) : null}
			</div>
		</section>
	)
}
