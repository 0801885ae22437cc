import { useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { PostFormSchema } from '#app/blog/post-validation.ts'
import type { EditorActionData } from '#app/blog/posts.server.ts'
import { formatDateTimeInput } from '#app/utils/dates.ts'

export type EditorPost = {
	id: string
	slug: string
	title: string
	excerpt: string
	body: string
	html: string
	tags: Array<string>
	status: 'draft' | 'published'
	publishedAt: string | null
	seoTitle: string
	seoDescription: string
	coverImageId: string | null
	version: number
	state: 'draft' | 'scheduled' | 'published'
}

export type EditorImage = { id: string; name: string }

const passthrough = z.object({}).passthrough()

/** The post form (Conform): the post's values, validated on blur, the whole schema on Save only. */
export function usePostForm(post: EditorPost | null, actionData: EditorActionData | undefined) {
	return useForm({
		id: post ? `post-${post.id}` : 'post-new',
		lastResult: actionData?.result,
		defaultValue: post
			? {
					title: post.title,
					slug: post.slug,
					excerpt: post.excerpt,
					body: post.body,
					tags: post.tags.join(', '),
					status: post.status,
					publishedAt: formatDateTimeInput(post.publishedAt),
					seoTitle: post.seoTitle,
					seoDescription: post.seoDescription,
					coverImageId: post.coverImageId ?? '',
					version: String(post.version),
				}
			: { status: 'draft' },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate({ formData }) {
			// Only Save needs a valid post; previewing or uploading never blocks on it.
			const intent = formData.get('intent') ?? 'save'
			return parseWithZod(formData, { schema: intent === 'save' ? PostFormSchema : passthrough })
		},
	})
}

export type PostForm = ReturnType<typeof usePostForm>[0]
export type PostFields = ReturnType<typeof usePostForm>[1]
