// `npm run bench:rename`: how long renaming the busiest person takes on a seeded database
// (DATA_DIR / DATABASE_URL): every copy of their name on tickets, tasks, history and files,
// and the search text, in one transaction (src/server/users/rename-copies.ts). Writes
// nothing lasting: each run renames there and back.
import os from 'node:os';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { renameCopies } from '../src/server/users/rename-copies';

const RUNS = 5;
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
const { db } = database;
try {
  const busiest = await db
    .selectFrom('tasks')
    .select(['assignee_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('assignee_id', 'is not', null)
    .groupBy('assignee_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('id', '=', busiest.assignee_id!)
    .executeTakeFirstOrThrow();
  const count = async (table: 'tickets' | 'tasks') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('assignee_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const items = (await count('tickets')) + (await count('tasks'));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const name of [`${user.display_name} (новая фамилия)`, user.display_name]) {
      const started = performance.now();
      await db.transaction().execute((trx) => renameCopies(trx, user.id, name));
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const ms = (v: number) => `${Math.round(v)} ms`;
  process.stdout.write(
    `${database.dialect}: rename of a person on ${items} tickets and tasks, ${times.length} runs: ` +
      `min ${ms(times[0]!)}, median ${ms(times[Math.floor(times.length / 2)]!)}, max ${ms(times.at(-1)!)} ` +
      `(load average ${os.loadavg()[0]!.toFixed(2)})\n`,
  );
} finally {
  await database.destroy();
}
