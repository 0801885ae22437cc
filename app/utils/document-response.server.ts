/**
 * A page's action that answers a form posted without JavaScript with
 * something other than the page, such as a file to download (the Markdown
 * to DOCX form). Remix renders the page after any action of a document
 * request and keeps only the action's data (a Response is read as data),
 * so the action hands its Response here and entry.server.tsx sends it
 * instead of the page. The action still returns data, which a client-side
 * submission (a `.data` request, where this is not consulted) gets.
 *
 * Keyed on the request's load context: the one object Remix passes, as it
 * is, to both the action and entry.server.tsx (the action's `request` is a
 * copy of the document request, made to strip `?index`).
 */
import { type AppLoadContext } from '@remix-run/node'

const documentResponses = new WeakMap<AppLoadContext, Response>()

/** Sends `response` as the answer to this document request, instead of the rendered page. */
export function answerDocumentWith(context: AppLoadContext, response: Response): void {
	documentResponses.set(context, response)
}

/** The response an action chose for this document request, if any (entry.server.tsx). */
export function takeDocumentResponse(context: AppLoadContext): Response | undefined {
	const response = documentResponses.get(context)
	documentResponses.delete(context)
	return response
}
