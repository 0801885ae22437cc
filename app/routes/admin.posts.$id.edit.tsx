import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { PostEditor } from '#app/blog/editor/post-editor.tsx'
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { listPostImages } from '#app/files/files.server.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'
import { postState } from '#app/blog/post-state.ts'
import { getPostForEditor, postEditorAction } from '#app/blog/posts.server.ts'
import { pageSeo } from '#app/utils/seo.ts'

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
	pageSeo(matches, {
		title: data?.post ? `Edit “${data.post.title}”` : 'Edit post',
		description: 'Edit a blog post.',
		path: `/admin/posts/${params.id ?? ''}/edit`,
		noIndex: true,
	})

export const headers = privatePageHeaders

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const post = await getPostForEditor(params.id ?? '')
	if (!post) throw new Response('Post not found', { status: 404 })
	const images = await listPostImages()
	return {
		post: {
			id: post.id,
			slug: post.slug,
			title: post.title,
			excerpt: post.excerpt,
			body: post.body,
			html: post.html,
			tags: post.tags,
			status: post.status,
			publishedAt: post.publishedAt?.toISOString() ?? null,
			seoTitle: post.seoTitle,
			seoDescription: post.seoDescription,
			coverImageId: post.coverImageId,
			version: post.version,
			state: postState(post),
		},
		images: images.map((image) => ({ id: image.id, name: image.name })),
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const { user } = await requireAdmin(request)
	return postEditorAction(request, { id: user.id, email: user.email }, params.id ?? '')
}

export default function EditPost() {
	const { post, images } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	// A new version (after a save) starts a fresh editor.
	return <PostEditor key={`${post.id}:${post.version}`} post={post} images={images} actionData={actionData} />
}
