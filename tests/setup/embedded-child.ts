// Test helper process: holds an embedded database until SIGTERM, like a
// server would. Usage: node --import tsx tests/setup/embedded-child.ts <dataDir>
import { startEmbeddedDatabase } from '../../server/db/embedded.server.ts'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: embedded-child.ts <dataDir>')
const db = await startEmbeddedDatabase({ dataDir })
const shutdown = () => {
	void db.stop().then(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
console.log(`ready ${db.url}`)
setInterval(() => {}, 60_000)
