/**
 * Markdown → DOCX as a durable job (issue 30): the Markdown is read and the
 * document written in a job process (kind `md-to-docx` of job.server.ts);
 * the runner stores the .docx for the job's owner, and the API answers it
 * as it always has when the job ends within the wait (convert.server.ts).
 * Listed in app/job-kinds.server.ts.
 */
import { checkResultRoom, expiryFromNow, storeFile } from '#app/files/files.server.ts'
import { type RunLimits } from '#app/jobs/processes.server.ts'
import { type JobKind } from '#app/jobs/runner.server.ts'
import { countRun, type RunVia } from '#app/tools/kit/run.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { docxFileName, SLUG } from './convert.server.ts'
import { type DocxJobResult, type DocxTask } from './job.server.ts'
import { DOCX_MEDIA_TYPE, type ReportEntry } from './options.ts'

/** What the job keeps of the request: the options and the names (the Markdown is its first input, the images the rest). */
export type DocxJobInput = { options: Record<string, unknown>; names: Array<string>; fileName?: string }

/** What a finished job answers (and the API's 202 path shows): the stored .docx and the report. */
export type DocxJobAnswer = {
	id: string
	fileName: string
	contentType: string
	size: number
	expiresAt: string
	downloadUrl: string
	report: Array<ReportEntry>
}

/** Fifteen seconds, and one more per 100 KB of Markdown, up to a minute: the largest Markdown (5 MB) writes in some 10 s. */
export function docxLimits(inputBytes: number): RunLimits {
	return { timeoutMs: Math.min(60_000, 15_000 + Math.ceil(inputBytes / (100 * 1024)) * 1000), memoryMb: getEnv().JOB_MEMORY_MB }
}

const convert: JobKind = async (job, { files, run }) => {
	const input = job.input as DocxJobInput
	const [markdownFile, ...images] = files
	const markdown = new TextDecoder().decode(markdownFile!.data)
	const task: DocxTask = { kind: 'md-to-docx', markdown, options: input.options, images }
	const result = await countRun({ slug: SLUG, via: job.via as RunVia, inputBytes: job.inputBytes }, () => run<DocxJobResult>(task, docxLimits(job.inputBytes)), (done) => done.docx.byteLength)
	await checkResultRoom(job.ownerKey, result.docx.byteLength)
	const fileName = docxFileName(input.fileName, result.title, result.firstHeading)
	const file = await storeFile({
		name: fileName,
		mediaType: DOCX_MEDIA_TYPE,
		data: result.docx,
		kept: false,
		uploadedById: job.userId,
		tool: SLUG,
		expiresAt: await expiryFromNow(),
		deleteTokenHash: job.deleteTokenHash ?? undefined,
		ownerKey: job.ownerKey,
	})
	const answer: DocxJobAnswer = {
		id: file.id,
		fileName,
		contentType: DOCX_MEDIA_TYPE,
		size: file.size,
		expiresAt: file.expiresAt!.toISOString(),
		downloadUrl: `/api/jobs/${job.id}/result`,
		report: result.report,
	}
	return answer
}

export const docxJobKinds = { 'md-to-docx': convert }
