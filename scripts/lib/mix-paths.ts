import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';

/**
 * A shop's mix of reads (bench:mix, probe-memory), twenty requests a round: 8 first pages, 3 counts,
 * 2 «Мои», a surname searched (list, counts, with Закрытые), 2 ticket cards, Закрытые, a client
 * search — surnames and tickets taken from the database's own rows.
 */
export async function mixPaths(db: Kysely<DB>): Promise<string[]> {
  const tickets = await db
    .selectFrom('tickets')
    .select('id')
    .where('deleted_at', 'is', null)
    .limit(50)
    .execute();
  const clients = await db.selectFrom('clients').select('full_name').orderBy('id').limit(40).execute();
  const surnames = [...new Set(clients.map((c) => c.full_name.split(' ')[0]!.toLowerCase()))].slice(0, 6);
  const q = (text: string) => encodeURIComponent(text);
  const paths: string[] = [];
  for (let round = 0; round < 6; round += 1) {
    const surname = surnames[round % surnames.length]!;
    const ticket = tickets[(round * 7) % tickets.length]!.id;
    paths.push(
      ...Array.from({ length: 8 }, () => '/api/work'),
      '/api/work/counts',
      '/api/work/counts',
      '/api/work/counts?assignee=2',
      '/api/work?assignee=2',
      '/api/work?assignee=2',
      `/api/work?q=${q(surname)}`,
      `/api/work/counts?q=${q(surname)}`,
      `/api/work?q=${q(surname)}&states=new,in_progress,closed`,
      `/api/tickets/${ticket}`,
      `/api/tickets/${tickets[(round * 7 + 3) % tickets.length]!.id}`,
      '/api/work?states=closed',
      `/api/clients?q=${q(surname)}`,
    );
  }
  return paths;
}
