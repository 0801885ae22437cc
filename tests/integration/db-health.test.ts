import net from 'node:net'
import { describe, expect, test } from 'vitest'
import { freePort } from '#tests/setup/ports.ts'
import { checkDatabase, createPrismaClient } from '#app/utils/db.server.ts'

describe('checkDatabase', () => {
	test('resolves against the running database', async () => {
		await expect(checkDatabase(5000)).resolves.toBeUndefined()
	})

	test('rejects fast, with a short reason and no password, when nothing listens', async () => {
		const port = await freePort()
		const client = createPrismaClient(`postgresql://app:s3cret-pass@127.0.0.1:${port}/app`)
		try {
			const error = await checkDatabase(3000, client).then(
				() => undefined,
				(e: unknown) => e,
			)
			expect(error).toBeInstanceOf(Error)
			expect((error as Error).message).toMatch(/unreachable|refused/)
			expect((error as Error).message).not.toContain('s3cret')
			// Fast: the refusal itself, not the 3 s time limit running out (no clock needed).
			expect((error as Error).message).not.toMatch(/timed out/)
		} finally {
			await client.$disconnect()
		}
	})

	test('rejects at the time limit when the server accepts but never answers', async () => {
		const sockets = new Set<net.Socket>()
		const silent = net.createServer((socket) => sockets.add(socket)) // accepts, never replies
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
		const { port } = silent.address() as net.AddressInfo
		const client = createPrismaClient(`postgresql://app@127.0.0.1:${port}/app`)
		try {
			// Our 300 ms limit's own message, not a driver timeout: no clock needed.
			await expect(checkDatabase(300, client)).rejects.toThrow('timed out after 300 ms')
		} finally {
			for (const socket of sockets) socket.destroy()
			silent.close()
			await client.$disconnect().catch(() => {})
		}
	})
})
