/**
 * Saving the annotated PDF (`saveDocument()`): downloaded straight from the
 * browser, or stored through `POST /api/edit-pdf` with upload progress and
 * deleted from the server again on request. Both mark the document saved.
 */
import { useCallback, useState, type RefObject } from 'react'
import { type Progress, type ShownResult } from '../parts/result.tsx'
import { deleteResult, UploadFailed, uploadForConversion } from '../upload.client.ts'
import { type Engine, type PdfDocument } from './engine.client.ts'
import { editedName } from './names.ts'
import { type ErrorBody } from '#app/utils/errors.ts'

export const EDIT_API_PATH = '/api/edit-pdf'

export type SaveRun = { state: 'idle' } | { state: 'busy'; progress: Progress } | { state: 'done'; result: ShownResult } | { state: 'failed'; error: ErrorBody }

export function useSaving({ engine, docRef, name, announce }: { engine: Engine | null; docRef: RefObject<PdfDocument | null>; name: string | null; announce: (text: string) => void }) {
	const [save, setSave] = useState<SaveRun>({ state: 'idle' })
	const [deleting, setDeleting] = useState(false)

	const reset = useCallback(() => setSave({ state: 'idle' }), [])

	const pdfBytes = async () => {
		const doc = docRef.current
		if (!doc) throw new Error('No document is open.')
		// pdf.js commits the text being typed in a free text box before it saves (the full viewer's dispatchWillSave).
		engine?.viewer.container.focus()
		return doc.saveDocument()
	}

	const download = async () => {
		if (name === null) return
		try {
			const bytes = await pdfBytes()
			const url = URL.createObjectURL(
				new Blob([bytes as Uint8Array<ArrayBuffer>], {
					type: 'application/pdf',
				}),
			)
			const link = document.createElement('a')
			link.href = url
			link.download = editedName(name)
			document.body.append(link)
			link.click()
			link.remove()
			setTimeout(() => URL.revokeObjectURL(url), 60_000)
			docRef.current?.annotationStorage.resetModified()
			announce(`${editedName(name)} downloaded.`)
		} catch (error) {
			setSave({
				state: 'failed',
				error: {
					message: `Saving the PDF failed in the browser: ${error instanceof Error ? error.message : 'unknown error'}.`,
					status: 0,
					code: 'INTERNAL_ERROR',
				},
			})
		}
	}

	const store = async () => {
		if (name === null) return
		try {
			setSave({
				state: 'busy',
				progress: { phase: 'uploading', loaded: 0, total: null },
			})
			const bytes = await pdfBytes()
			const form = new FormData()
			form.append(
				'file',
				new File([bytes as Uint8Array<ArrayBuffer>], editedName(name), {
					type: 'application/pdf',
				}),
			)
			// The seconds counted from the first "processing" update, not reset by each progress line.
			let since: number | null = null
			const result = await uploadForConversion(form, {
				url: EDIT_API_PATH,
				onProgress: (progress) =>
					setSave({
						state: 'busy',
						progress: progress.phase === 'uploading' ? progress : { ...progress, since: (since ??= Date.now()) },
					}),
			})
			docRef.current?.annotationStorage.resetModified()
			setSave({ state: 'done', result })
			announce(`${result.fileName} is saved and ready to download.`)
		} catch (error) {
			const body: ErrorBody =
				error instanceof UploadFailed
					? error.body
					: {
							message: `Saving failed: ${error instanceof Error ? error.message : 'unknown error'}.`,
							status: 0,
							code: 'INTERNAL_ERROR',
						}
			setSave({ state: 'failed', error: body })
		}
	}

	const deleteSaved = async (result: ShownResult) => {
		setDeleting(true)
		try {
			await deleteResult(result)
			setSave({ state: 'idle' })
			announce(`${result.fileName} was deleted from the server.`)
		} catch (error) {
			if (error instanceof UploadFailed) setSave({ state: 'failed', error: error.body })
		} finally {
			setDeleting(false)
		}
	}

	return { save, deleting, reset, download, store, deleteSaved }
}
