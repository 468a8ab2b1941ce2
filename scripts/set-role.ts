// `npm run set-role -- EMAIL ROLE`: recovers an install whose owners (role admin) are gone
// or locked out. Uses the same rules as the Сотрудники page (the last owner stays).
import { isRole } from '../src/domain/roles';
import { deleteSessionsOfUser } from '../src/server/auth/sessions.repository';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createUsersService } from '../src/server/users/users.service';

const [email, role] = process.argv.slice(2);
if (!email || !isRole(role)) {
  process.stderr.write(
    'Usage: npm run set-role -- EMAIL admin|receptionist|master|employee (admin = Владелец)\n',
  );
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database);
  const users = createUsersService({ database, clock: systemClock, endSessionsOf: deleteSessionsOfUser });
  const id = await users.findIdByEmail(email);
  if (id === undefined) {
    process.stderr.write(`No account with e-mail ${email}\n`);
    process.exitCode = 1;
  } else {
    const user = await users.changeRole(null, id, role);
    process.stdout.write(`${user.email} is now ${user.role}; their sessions were ended.\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
