/** `report.pdf` → `report-edited.pdf`: an edited file keeps its name, marked (once). */
export function editedName(name: string) {
	const base = name.replace(/\.pdf$/i, '') || 'document'
	return /-edited$/.test(base) ? `${base}.pdf` : `${base}-edited.pdf`
}
