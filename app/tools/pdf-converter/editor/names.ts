import { fileStem, safeFileName } from '#app/utils/file-names.ts'

/** `report.pdf` → `report-annotated.pdf`: an annotated file keeps its name, marked (once), safe on every system. */
export function editedName(name: string) {
	const stem = fileStem(name).replace(/-annotated$/, '')
	return safeFileName(stem, '-annotated', '.pdf', 'document')
}
