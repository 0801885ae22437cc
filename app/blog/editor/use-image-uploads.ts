import { useState, type ChangeEvent, type RefObject } from 'react'
import type { EditorActionData } from '#app/blog/posts.server.ts'
import { type EditorImage } from './use-post-form.ts'

type UploadedImage = { id: string; url: string; name: string; size: number; mediaType: string }

export type UploadKind = 'image' | 'cover'
export type UploadStatus = { kind: UploadKind; message: string; error: boolean }

async function uploadImage(file: File): Promise<UploadedImage> {
	const body = new FormData()
	body.set('image', file)
	const response = await fetch('/admin/posts/images', { method: 'POST', body, headers: { Accept: 'application/json' } })
	const json = (await response.json().catch(() => null)) as (UploadedImage & { message?: string }) | null
	if (!response.ok || !json || typeof json.id !== 'string') throw new Error(json?.message || `Upload failed (${response.status}).`)
	return json
}

function markdownFor(image: { name: string; url: string }) {
	return `![${image.name.replace(/\.[a-z0-9]+$/i, '').replace(/[[\]\\]/g, '')}](${image.url})`
}

/** Puts `text` on its own line at the body's cursor, as if typed (so the preview and dirty state follow). */
function insertAtCursor(textarea: HTMLTextAreaElement | null, text: string) {
	if (!textarea) return
	const before = textarea.value.slice(0, textarea.selectionStart)
	const prefix = before && !before.endsWith('\n') ? '\n' : ''
	textarea.focus()
	textarea.setRangeText(`${prefix}${text}\n`, textarea.selectionStart, textarea.selectionEnd, 'end')
	textarea.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * With JavaScript, a chosen image uploads at once: a body image goes in at
 * the cursor as Markdown, a cover joins the choices and is selected.
 * Without it, the page's action stores the file (`uploaded` in its answer).
 */
export function useImageUploads({
	images,
	uploaded,
	initialCover,
	bodyRef,
	onUploaded,
}: {
	images: Array<EditorImage>
	uploaded: EditorActionData['uploaded']
	initialCover: string
	bodyRef: RefObject<HTMLTextAreaElement>
	onUploaded: () => void
}) {
	const [uploadStatus, setUploadStatus] = useState<UploadStatus | null>(null)
	const [coverChoices, setCoverChoices] = useState<Array<EditorImage>>(() => {
		const list = [...images]
		if (uploaded?.kind === 'cover' && !list.some((image) => image.id === uploaded.id)) list.unshift({ id: uploaded.id, name: uploaded.name })
		return list
	})
	const [cover, setCover] = useState(initialCover)

	const onImageChosen = async (event: ChangeEvent<HTMLInputElement>, kind: UploadKind) => {
		const input = event.currentTarget
		const file = input.files?.[0]
		if (!file) return
		setUploadStatus({ kind, message: `Uploading ${file.name}…`, error: false })
		try {
			const image = await uploadImage(file)
			if (kind === 'image') insertAtCursor(bodyRef.current, markdownFor(image))
			else {
				setCoverChoices((list) => [{ id: image.id, name: image.name }, ...list.filter((each) => each.id !== image.id)])
				setCover(image.id)
			}
			onUploaded()
			setUploadStatus({ kind, message: kind === 'image' ? `${image.name} uploaded and inserted in the post.` : `${image.name} uploaded and set as the cover.`, error: false })
		} catch (error) {
			setUploadStatus({ kind, message: error instanceof Error ? error.message : 'Upload failed', error: true })
		} finally {
			// The file is stored now: it must not travel again with Save.
			input.value = ''
		}
	}

	return { uploadStatus, coverChoices, cover, setCover, onImageChosen }
}
