import type { Kysely } from 'kysely';
import { resetPasswordLink } from '../../domain/routes';
import { createResetToken } from '../auth/reset-links';
import type { DB } from '../db/schema';

/**
 * One-time links with which the people an import brought in set their passwords (they come
 * without one). Later links come from Сотрудники or `npm run reset-password -- EMAIL`.
 */
export async function newUserLinks(
  db: Kysely<DB>,
  users: { id: number; email: string }[],
  origin: string,
  now: Date,
): Promise<{ email: string; link: string; expiresAt: string }[]> {
  const links = [];
  for (const user of users) {
    const { token, expiresAt } = await createResetToken(db, now, user.id, 'shell');
    links.push({ email: user.email, link: resetPasswordLink(origin, token), expiresAt });
  }
  return links;
}
