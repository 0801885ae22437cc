/**
 * The version of the blog renderer's output (./markdown-render.ts). Its own
 * file so that the request thread can read it without loading marked,
 * highlight.js and DOMPurify (they load in the job workers only).
 *
 * Posts store the HTML the renderer made and this number with it
 * (`Post.renderVersion`); at start the server re-renders, in the background,
 * every post stored by a lower version (app/blog/post-rerender.server.ts).
 * Bump it by one in the same change whenever the HTML for some Markdown
 * changes: marked's options or extensions, highlight.js, heading anchors,
 * alerts, the sanitising policy, or an upgrade of one of those libraries that
 * changes output. Without the bump, posts saved before keep the old HTML until
 * an admin saves them again.
 *
 * 0: every post stored before the column existed.
 * 1: GitHub alerts (`> [!WARNING]`) as titled notes (issue 29 item 22).
 */
export const MARKDOWN_RENDER_VERSION = 1
