import type { SampleContext } from './sample-context';

/**
 * Copies of the first valid ticket made broken: a status the import does not know, no date, not
 * an object and a duplicate id (refused); then an unknown client, an unknown provider, a due date
 * in words, a missing file and a path out of the files folder (warned).
 */
export function addFaultyTickets(sample: SampleContext, tickets: unknown[]) {
  const { seed, refused, warned } = sample;
  const valid = tickets[0] as Record<string, unknown> | undefined;
  const brokenTickets: [string, unknown][] = [
    [`tk_lost-${seed}`, { ...valid, status: 'lost' }],
    [`tk_nodate-${seed}`, { ...valid, createdAt: undefined, history: [] }],
    ['tk_badshape', 'не объект'],
  ];
  for (const [id, data] of brokenTickets) {
    tickets.push(typeof data === 'string' ? data : { ...(data as object), id });
    refused.ticket.push(typeof data === 'string' ? `№${tickets.length}` : id);
  }
  if (valid) {
    tickets.push({ ...valid, title: 'Дубликат' });
    refused.ticket.push(valid.id as string);
  }
  const warnedTickets: [string, Record<string, unknown>][] = [
    [`tk_noclient-${seed}`, { clientId: 'cl_missing', clientName: 'Пропавший Клиент' }],
    [`tk_boxberry-${seed}`, { deliveryProvider: 'boxberry' }],
    [`tk_baddue-${seed}`, { dueDate: 'завтра' }],
    [
      `tk_nofile-${seed}`,
      { attachments: [{ name: 'нет.pdf', path: 'tickets/tk_nofile/files/1_нет.pdf' }], pvzPhotos: [] },
    ],
    [`tk_escape-${seed}`, { attachments: [{ name: 'passwd', path: '../../etc/passwd' }], pvzPhotos: [] }],
  ];
  for (const [id, changes] of warnedTickets) {
    if (!valid) break;
    tickets.push({
      ...valid,
      ...changes,
      id,
      attachments: changes.attachments ?? [],
      pvzPhotos: changes.pvzPhotos ?? [],
    });
    warned.ticket.push(id);
  }
}
