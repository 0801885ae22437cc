// Formatting shared by the server, the pages and the tool workers (no React here).

/**
 * 1536 → "1.5 KB", 10485760 → "10 MB" (binary units, as file managers show
 * them; two decimals at most, so a size just over a limit does not read as
 * the limit: 524,300 bytes → "512.01 KB").
 */
export function formatBytes(bytes: number): string {
	if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(2)} MB`
	if (bytes >= 1024) return `${+(bytes / 1024).toFixed(2)} KB`
	return `${bytes} bytes`
}
