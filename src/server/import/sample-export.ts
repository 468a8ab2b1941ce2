// A realistic export of the previous system (issue 21), for the import's tests and for trying
// `npm run import` by hand (`npm run sample-export`): the field names of spec §3, timestamps in
// all three forms its tools write, the legacy statuses, WhatsApp links, files under their
// storage paths, history arrays, and a known set of broken records, each of which the import
// must list with its reason. The same seed makes the same export.
import type { ImportKind } from './legacy-export';
import { sampleClients } from './sample-clients';
import { sampleContext } from './sample-context';
import { sampleTasks } from './sample-tasks';
import { sampleTickets } from './sample-tickets';
import { sampleUsers } from './sample-users';

export interface SampleSizes {
  users: number;
  clients: number;
  tickets: number;
  tasks: number;
}

export interface SampleExport {
  json: Record<string, unknown>;
  /** Records the import must leave out, by kind (their id, or «№N» for one without). */
  refused: Record<ImportKind, string[]>;
  /** Records that come in with a warning, by kind. */
  warned: Record<ImportKind, string[]>;
  /** Files written under the files folder that the import must bring in. */
  files: number;
}

export function makeSampleExport(seed: number, sizes: SampleSizes, filesDir: string | null): SampleExport {
  // One random sequence runs through the sections in this order: reordering them changes the export.
  const sample = sampleContext(seed, filesDir);
  const people = sampleUsers(sample, sizes.users);
  const directory = sampleClients(sample, sizes.clients);
  const tickets = sampleTickets(sample, sizes.tickets, people, directory);
  const tasks = sampleTasks(sample, sizes.tasks, people, directory.clientIds);
  return {
    json: { users: people.users, clients: directory.clients, tickets, tasks },
    refused: sample.refused,
    warned: sample.warned,
    files: sample.filesWritten(),
  };
}
