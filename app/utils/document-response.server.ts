/**
 * A page's action that answers a form posted without JavaScript with
 * something other than the page, such as a file to download (the Markdown
 * to DOCX form). Remix renders the page after any action of a document
 * request and keeps only the action's data, so the action hands its
 * Response here and entry.server.tsx sends it instead of the page. The
 * action still returns data, which a client-side submission (a `.data`
 * request, where this is not consulted) gets.
 */
const documentResponses = new WeakMap<Request, Response>()

/** Sends `response` as the answer to this document request, instead of the rendered page. */
export function answerDocumentWith(request: Request, response: Response): void {
	documentResponses.set(request, response)
}

/** The response an action chose for this document request, if any (entry.server.tsx). */
export function takeDocumentResponse(request: Request): Response | undefined {
	const response = documentResponses.get(request)
	documentResponses.delete(request)
	return response
}
