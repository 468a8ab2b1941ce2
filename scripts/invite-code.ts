// `npm run invite-code`: prints the current invite code (the code new staff register
// with), generating and storing one first if there is none yet.
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createInviteCodeService } from '../src/server/settings/invite-code';
import { countUsers } from '../src/server/users/users.repository';

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database);
  const code = await createInviteCodeService(database.db, config.inviteCode).current();
  process.stdout.write(`Код приглашения: ${code}\n`);
  if ((await countUsers(database.db)) === 0) {
    process.stdout.write('Учётных записей ещё нет: первая зарегистрированная станет владельцем.\n');
  }
  if (config.inviteCode) process.stdout.write('(задан в INVITE_CODE; меняется только там)\n');
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
