import type { Kysely } from 'kysely';
import type { DefaultAssigneesInput } from '../../domain/account-schemas';
import type { DefaultAssigneesDto } from '../../domain/users';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { findActiveUser } from '../users/users.repository';
import { readSetting, writeSetting } from './settings.repository';

const KEYS = { ticket: 'default_ticket_assignee', task: 'default_task_assignee' } as const;

/**
 * Who new tickets and tasks go to unless the form says otherwise. Replaces the spec's
 * hard-coded first names; an admin sets them on the Сотрудники page. A default that
 * points at a disabled or deleted account counts as unset.
 */
export function createDefaultAssignees(db: Kysely<DB>) {
  async function read(kind: keyof typeof KEYS): Promise<number | null> {
    const raw = await readSetting(db, KEYS[kind]);
    const id = raw ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id)) return null;
    return (await findActiveUser(db, id)) ? id : null;
  }

  return {
    async get(): Promise<DefaultAssigneesDto> {
      return { ticketAssigneeId: await read('ticket'), taskAssigneeId: await read('task') };
    },
    /** Every default sent is checked first, then all are written in one transaction. */
    async set(values: DefaultAssigneesInput): Promise<DefaultAssigneesDto> {
      const writes = (
        [
          ['ticket', values.ticketAssigneeId],
          ['task', values.taskAssigneeId],
        ] as const
      ).filter((entry): entry is readonly ['ticket' | 'task', number | null] => entry[1] !== undefined);
      await db.transaction().execute(async (trx) => {
        for (const [, id] of writes) {
          if (id !== null && !(await findActiveUser(trx, id))) {
            throw new AppError('bad_request', 'Исполнитель по умолчанию не найден или отключён');
          }
        }
        for (const [kind, id] of writes) await writeSetting(trx, KEYS[kind], id === null ? '' : String(id));
      });
      return this.get();
    },
  };
}

export type DefaultAssignees = ReturnType<typeof createDefaultAssignees>;
