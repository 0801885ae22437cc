import net from 'node:net'

/** A loopback port nothing listens on (just now): for servers to start on, or for a database that is not there. */
export async function freePort(): Promise<number> {
	const server = net.createServer()
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = (server.address() as net.AddressInfo).port
	await new Promise<void>((resolve) => server.close(() => resolve()))
	return port
}
