import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { PostEditor } from '#app/blog/editor/post-editor.tsx'
import { requireAdmin } from '#app/accounts/auth.server.ts'
import { listPostImages } from '#app/files/files.server.ts'
import { privatePageHeaders } from '#app/utils/headers.ts'
import { postEditorAction } from '#app/blog/posts.server.ts'
import { pageSeo } from '#app/utils/seo.ts'

export const meta: MetaFunction = ({ matches }) =>
	pageSeo(matches, { title: 'New post', description: 'Write a blog post.', path: '/admin/posts/new', noIndex: true })

export const headers = privatePageHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const images = await listPostImages()
	return { images: images.map((image) => ({ id: image.id, name: image.name })) }
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requireAdmin(request)
	return postEditorAction(request, { id: user.id, email: user.email }, null)
}

export default function NewPost() {
	const { images } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return <PostEditor post={null} images={images} actionData={actionData} />
}
