// `npm run reset-password -- EMAIL`: prints a one-time link (valid 24 hours) with which
// that person sets a new password; every session of theirs ends when they do.
import { resetPasswordLink } from '../src/domain/routes';
import { createResetToken } from '../src/server/auth/reset-links';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';

const [email] = process.argv.slice(2);
if (!email) {
  process.stderr.write('Usage: npm run reset-password -- EMAIL\n');
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database);
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('email_lower', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) {
    process.stderr.write(`No account with e-mail ${email}\n`);
    process.exitCode = 1;
  } else {
    // The person's sessions end when they use the link (on the server), not now.
    const { token, expiresAt } = await createResetToken(database.db, new Date(), user.id, 'shell');
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    process.stdout.write(
      `Ссылка для нового пароля (одноразовая, действует до ${expiresAt.slice(0, 16).replace('T', ' ')} UTC):\n` +
        `${resetPasswordLink(origin, token)}\n`,
    );
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
