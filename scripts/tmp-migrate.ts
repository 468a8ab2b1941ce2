import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
const [url, schema] = process.argv.slice(2);
const db = openDatabase(url!, schema ? { pgSchema: schema } : {});
const t = performance.now();
const r = await migrateToLatest(db);
console.log(r.results?.map((m) => m.migrationName), r.error, ((performance.now() - t) / 1000).toFixed(1), 's');
await db.destroy();
