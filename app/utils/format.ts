// Formatting shared by the server, the pages and the tool workers (no React here).

/** 1536 → "1.5 KB", 10485760 → "10 MB" (binary units, as file managers show them). */
export function formatBytes(bytes: number): string {
	if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`
	if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`
	return `${bytes} bytes`
}
