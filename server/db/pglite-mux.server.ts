/**
 * Serves one PGlite instance to many PostgreSQL wire-protocol connections
 * (node-postgres pools, Prisma's adapter, the schema engine) on a unix socket.
 *
 * Why not `PGLiteSocketServer` from @electric-sql/pglite-socket 0.1.3: it
 * queues each protocol *message* separately, so when a client's
 * Parse/Bind/Execute/Sync arrives in several socket reads (any query with a
 * parameter larger than the socket buffer, e.g. a stored file), another
 * connection's Parse can run in between and replace the unnamed prepared
 * statement: the first client then binds its parameters to someone else's
 * SQL. Checked: 2 MB parameters with concurrent small queries fail with
 * "bind message supplies 2 parameters, but prepared statement "" requires 1".
 *
 * This server runs a connection's messages as whole units instead:
 * everything up to and including Sync (extended protocol), a simple Query,
 * or a FunctionCall goes to PGlite in one exclusive step. A connection that
 * leaves PGlite inside a transaction block (BEGIN … COMMIT) or in the middle
 * of an extended-protocol exchange (Flush without Sync) keeps PGlite to
 * itself until it reaches a sync point outside a transaction; other
 * connections' units wait. A connection that closes while it holds PGlite has
 * its transaction rolled back, and one that sits idle holding it for longer
 * than `idleInTransactionTimeoutMs` is disconnected (like PostgreSQL's
 * idle_in_transaction_session_timeout), so one stuck client cannot stall the
 * whole application.
 *
 * Limits (PGlite is one backend, shared by every connection): session state
 * is shared, so named prepared statements, session-level SET, LISTEN and
 * temporary tables are visible to all connections. Prisma's adapter uses
 * only unnamed statements and transaction-scoped settings.
 */
import net from 'node:net'
import type { PGlite } from '@electric-sql/pglite'

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102
const PROTOCOL_3 = 196608

const MSG_QUERY = 0x51 // 'Q'
const MSG_SYNC = 0x53 // 'S'
const MSG_FLUSH = 0x48 // 'H'
const MSG_FUNCTION_CALL = 0x46 // 'F'
const MSG_TERMINATE = 0x58 // 'X'
const MSG_COPY_DATA = 0x64 // 'd'
const MSG_COPY_DONE = 0x63 // 'c'
const MSG_COPY_FAIL = 0x66 // 'f'

/** Protocol messages bigger than this are refused (PGlite's own maximum is 1 GiB). */
const MAX_MESSAGE_BYTES = 1024 * 1024 * 1024

export type PGliteMuxOptions = {
	db: PGlite
	/** Unix socket path to listen on. */
	path: string
	/** Maximum simultaneous client connections (default 100). */
	maxConnections?: number
	/**
	 * Disconnect a client that keeps PGlite inside a transaction without
	 * sending anything for this long (default 60 s; 0 disables).
	 */
	idleInTransactionTimeoutMs?: number
	/** Where to report problems (default console.warn). */
	onWarning?: (message: string) => void
}

type Connection = {
	id: number
	socket: net.Socket
	buffer: Buffer
	/**
	 * Chunks received after `buffer` and not yet joined to it, and their bytes: a message
	 * arrives in socket chunks of 64 KB, and joining each to what came before copied a
	 * 120 MB message (a 60 MB file's parameter, in hex) about 2,000 times (46 s to store
	 * it). They are joined once, when `needed` bytes are there.
	 */
	chunks: Array<Buffer>
	chunkBytes: number
	/** Bytes `buffer` must hold for the next step of parsing (0: try at once). */
	needed: number
	started: boolean
	closed: boolean
	/** Messages of the unit being collected (not yet complete). */
	pending: Array<Buffer>
	pendingBytes: number
}

type Job =
	| { kind: 'startup' | 'unit'; conn: Connection; data: Uint8Array; endsAtSyncPoint: boolean }
	| { kind: 'cleanup'; conn: Connection }

export class PGliteMuxServer {
	readonly db: PGlite
	readonly path: string
	private readonly maxConnections: number
	private readonly idleTimeoutMs: number
	private readonly warn: (message: string) => void
	private server: net.Server | null = null
	private readonly connections = new Set<Connection>()
	private queue: Array<Job> = []
	private running = false
	/** The connection that currently has PGlite to itself (open transaction or unfinished exchange). */
	private owner: Connection | null = null
	private idleTimer: NodeJS.Timeout | null = null
	private idleWaiters: Array<() => void> = []
	private nextId = 1

	constructor(options: PGliteMuxOptions) {
		this.db = options.db
		this.path = options.path
		this.maxConnections = options.maxConnections ?? 100
		this.idleTimeoutMs = options.idleInTransactionTimeoutMs ?? 60_000
		this.warn = options.onWarning ?? ((message) => console.warn(message))
	}

	async start(): Promise<void> {
		if (this.server) throw new Error('PGlite socket server already started')
		await this.db.waitReady
		const server = net.createServer((socket) => this.accept(socket))
		this.server = server
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject)
			server.listen(this.path, () => {
				server.off('error', reject)
				resolve()
			})
		})
		server.on('error', (error) => this.warn(`Embedded database socket error: ${error.message}`))
	}

	/** Stops listening, disconnects every client, rolls back an open transaction and waits until PGlite is idle. */
	async stop(): Promise<void> {
		const server = this.server
		this.server = null
		const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve()
		for (const conn of this.connections) conn.socket.destroy()
		await closed
		await this.whenIdle()
		this.clearIdleTimer()
	}

	getStats() {
		return {
			connections: this.connections.size,
			queued: this.queue.length,
			exclusiveConnection: this.owner?.id ?? null,
		}
	}

	private accept(socket: net.Socket) {
		if (!this.server || this.connections.size >= this.maxConnections) {
			socket.end(errorResponse('53300', 'sorry, too many clients already', 'FATAL'))
			return
		}
		const conn: Connection = {
			id: this.nextId++,
			socket,
			buffer: Buffer.alloc(0),
			chunks: [],
			chunkBytes: 0,
			needed: 0,
			started: false,
			closed: false,
			pending: [],
			pendingBytes: 0,
		}
		this.connections.add(conn)
		socket.setNoDelay(true)
		socket.on('data', (chunk: Buffer) => this.receive(conn, chunk))
		socket.on('error', () => socket.destroy())
		socket.on('close', () => this.disconnect(conn))
	}

	private receive(conn: Connection, chunk: Buffer) {
		if (conn.closed) return
		conn.chunks.push(chunk)
		conn.chunkBytes += chunk.length
		if (conn.buffer.length + conn.chunkBytes < conn.needed) return
		conn.buffer = conn.buffer.length === 0 && conn.chunks.length === 1 ? chunk : Buffer.concat([conn.buffer, ...conn.chunks])
		conn.chunks = []
		conn.chunkBytes = 0
		conn.needed = 0
		const wait = (bytes: number) => {
			conn.needed = bytes
		}
		for (;;) {
			const buf = conn.buffer
			if (!conn.started) {
				// Startup-phase packets: Int32 length (including itself), Int32 code, body.
				if (buf.length < 8) return wait(8)
				const length = buf.readInt32BE(0)
				if (length < 8 || length > 10_000) return this.reject(conn, 'invalid startup packet length')
				if (buf.length < length) return wait(length)
				const packet = buf.subarray(0, length)
				conn.buffer = buf.subarray(length)
				const code = packet.readInt32BE(4)
				if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
					conn.socket.write('N') // no encryption on a private unix socket
					continue
				}
				if (code === CANCEL_REQUEST) {
					conn.socket.end()
					return
				}
				if (code !== PROTOCOL_3) return this.reject(conn, 'unsupported frontend protocol')
				conn.started = true
				this.enqueue({ kind: 'startup', conn, data: new Uint8Array(packet), endsAtSyncPoint: true })
				continue
			}
			// Regular messages: Byte1 type, Int32 length (including itself), body.
			if (buf.length < 5) return wait(5)
			const type = buf[0]!
			const length = buf.readInt32BE(1)
			if (length < 4 || length > MAX_MESSAGE_BYTES) return this.reject(conn, 'invalid message length')
			if (buf.length < length + 1) return wait(length + 1)
			const message = buf.subarray(0, length + 1)
			conn.buffer = buf.subarray(length + 1)
			if (type === MSG_TERMINATE) {
				conn.socket.end()
				return
			}
			conn.pending.push(message)
			conn.pendingBytes += message.length
			const syncPoint = type === MSG_SYNC || type === MSG_QUERY || type === MSG_FUNCTION_CALL
			const unitEnd =
				syncPoint ||
				type === MSG_FLUSH ||
				type === MSG_COPY_DATA ||
				type === MSG_COPY_DONE ||
				type === MSG_COPY_FAIL
			if (unitEnd) {
				const data = new Uint8Array(Buffer.concat(conn.pending, conn.pendingBytes))
				conn.pending = []
				conn.pendingBytes = 0
				this.enqueue({ kind: 'unit', conn, data, endsAtSyncPoint: syncPoint })
			} else if (conn.pendingBytes > MAX_MESSAGE_BYTES) {
				return this.reject(conn, 'too much data without Sync')
			}
		}
	}

	private reject(conn: Connection, reason: string) {
		conn.socket.end(errorResponse('08P01', reason, 'FATAL'))
		conn.closed = true
	}

	private disconnect(conn: Connection) {
		if (!this.connections.delete(conn)) return
		conn.closed = true
		conn.pending = []
		this.queue = this.queue.filter((job) => job.conn !== conn)
		if (this.owner === conn) {
			this.queue.unshift({ kind: 'cleanup', conn })
		}
		this.pump()
		this.checkIdle()
	}

	private enqueue(job: Job) {
		this.queue.push(job)
		this.pump()
	}

	private nextJob(): Job | undefined {
		if (!this.owner) return this.queue.shift()
		const owner = this.owner
		const index = this.queue.findIndex((job) => job.conn === owner)
		if (index === -1) return undefined
		return this.queue.splice(index, 1)[0]
	}

	private pump() {
		if (this.running) return
		this.running = true
		void (async () => {
			try {
				for (let job = this.nextJob(); job; job = this.nextJob()) {
					await this.run(job)
				}
			} finally {
				this.running = false
				this.checkIdle()
			}
		})()
	}

	/** Resolves stop()'s wait once every client is gone and nothing runs or waits. */
	private checkIdle() {
		if (this.running || this.queue.length > 0 || this.connections.size > 0) return
		const waiters = this.idleWaiters
		this.idleWaiters = []
		for (const resolve of waiters) resolve()
	}

	private whenIdle(): Promise<void> {
		return new Promise((resolve) => {
			this.idleWaiters.push(resolve)
			this.checkIdle()
		})
	}

	private async run(job: Job) {
		const { conn } = job
		if (job.kind === 'cleanup') {
			await this.rollbackAbandoned()
			if (this.owner === conn) this.owner = null
			this.clearIdleTimer()
			return
		}
		if (conn.closed) return
		const socket = conn.socket
		// One ReadyForQuery per sync point: PGlite 0.4 sometimes sends a second
		// one after an error, which would answer the client's next query.
		const output = new ReadyForQueryFilter(job.endsAtSyncPoint ? 1 : 0, (data) => {
			if (!conn.closed && socket.writable) socket.write(data)
		})
		try {
			await this.db.runExclusive(() =>
				this.db.execProtocolRawStream(job.data, {
					onRawData: (data) => {
						if (data.length > 0) output.push(Buffer.from(data))
					},
				}),
			)
		} catch (error) {
			// PGlite itself failed (not an SQL error, which comes back as an ErrorResponse).
			this.warn(`Embedded database failed a request: ${error instanceof Error ? error.message : String(error)}`)
			if (!conn.closed) socket.end(errorResponse('XX000', 'embedded database error', 'FATAL'))
			conn.closed = true
			this.owner = conn
			await this.rollbackAbandoned()
			this.owner = null
			this.clearIdleTimer()
			return
		}
		if (job.kind === 'startup') return
		if (!job.endsAtSyncPoint || this.db.isInTransaction()) {
			this.owner = conn
			this.armIdleTimer(conn)
		} else if (this.owner === conn) {
			this.owner = null
			this.clearIdleTimer()
		}
		if (conn.closed && this.owner === conn) {
			await this.rollbackAbandoned()
			this.owner = null
			this.clearIdleTimer()
		}
	}

	/** Ends whatever an abandoned connection left open: an unfinished extended-protocol exchange and a transaction. */
	private async rollbackAbandoned() {
		const discard = { onRawData: () => {} }
		try {
			await this.db.runExclusive(async () => {
				await this.db.execProtocolRawStream(syncMessage(), discard)
				if (this.db.isInTransaction()) await this.db.execProtocolRawStream(queryMessage('ROLLBACK'), discard)
			})
		} catch (error) {
			this.warn(`Embedded database could not roll back an abandoned transaction: ${String(error)}`)
		}
	}

	private armIdleTimer(conn: Connection) {
		this.clearIdleTimer()
		if (this.idleTimeoutMs <= 0) return
		this.idleTimer = setTimeout(() => {
			if (this.owner !== conn || conn.closed) return
			if (this.queue.some((job) => job.conn === conn)) return
			this.warn(
				`Embedded database: closing a connection idle in a transaction for ${this.idleTimeoutMs} ms (it blocked every other query)`,
			)
			conn.socket.end(
				errorResponse('25P03', 'terminating connection due to idle-in-transaction timeout', 'FATAL'),
			)
			conn.socket.destroySoon()
		}, this.idleTimeoutMs)
		this.idleTimer.unref()
	}

	private clearIdleTimer() {
		if (this.idleTimer) clearTimeout(this.idleTimer)
		this.idleTimer = null
	}
}

/**
 * Passes a unit's backend messages on as they stream out of PGlite, except
 * ReadyForQuery ('Z') messages beyond `allowed`. Messages may be split across
 * chunks; only a message's 5-byte header is ever held back.
 */
export class ReadyForQueryFilter {
	private header: Buffer = Buffer.alloc(0)
	/** Bytes of the current message's body still to pass on (or drop). */
	private remaining = 0
	private dropping = false
	private seen = 0

	constructor(
		private readonly allowed: number,
		private readonly write: (data: Buffer) => void,
	) {}

	push(data: Buffer) {
		const parts: Array<Buffer> = []
		let offset = 0
		while (offset < data.length) {
			if (this.remaining > 0) {
				const n = Math.min(this.remaining, data.length - offset)
				if (!this.dropping) parts.push(data.subarray(offset, offset + n))
				offset += n
				this.remaining -= n
				continue
			}
			const take = data.subarray(offset, offset + 5 - this.header.length)
			this.header = this.header.length === 0 ? take : Buffer.concat([this.header, take])
			offset += take.length
			if (this.header.length < 5) break
			const isReady = this.header[0] === 0x5a // 'Z'
			this.dropping = isReady && ++this.seen > this.allowed
			if (!this.dropping) parts.push(this.header)
			this.remaining = this.header.readInt32BE(1) - 4
			this.header = Buffer.alloc(0)
		}
		if (parts.length > 0) this.write(parts.length === 1 ? parts[0]! : Buffer.concat(parts))
	}
}

function syncMessage(): Uint8Array {
	const buf = Buffer.alloc(5)
	buf[0] = MSG_SYNC
	buf.writeInt32BE(4, 1)
	return new Uint8Array(buf)
}

function queryMessage(sql: string): Uint8Array {
	const body = Buffer.from(`${sql}\0`, 'utf8')
	const buf = Buffer.alloc(5 + body.length)
	buf[0] = MSG_QUERY
	buf.writeInt32BE(4 + body.length, 1)
	body.copy(buf, 5)
	return new Uint8Array(buf)
}

function errorResponse(code: string, message: string, severity: 'ERROR' | 'FATAL'): Buffer {
	const fields = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${message}\0\0`, 'utf8')
	const buf = Buffer.alloc(5 + fields.length)
	buf[0] = 0x45 // 'E'
	buf.writeInt32BE(4 + fields.length, 1)
	fields.copy(buf, 5)
	return buf
}
