import fs from 'node:fs';
import type { RouteScopes } from '../http/route-scopes';
import { AppError } from '../errors';
import { BACKUP_BUSY, type BackupService } from './backup-service';

export const BACKUP_NOT_FOUND = 'Резервная копия не найдена';

/** «Резервные копии» (issue 21): those allowed «Резервные копии» list them, make one now and download one. */
export function registerBackupRoutes({ permitted }: RouteScopes, backups: BackupService) {
  const allowed = permitted('backups');
  allowed.get('/api/backups', async () => ({ backups: await backups.list(), ...backups.status() }));

  allowed.post('/api/backups', async (_request, reply) => {
    if (backups.status().inProgress) throw new AppError('conflict', BACKUP_BUSY);
    backups.writeInBackground();
    return reply.status(202).send({ started: true });
  });

  allowed.get<{ Params: { name: string } }>('/api/backups/:name', async (request, reply) => {
    const found = backups.open(request.params.name);
    if (!found) throw new AppError('not_found', BACKUP_NOT_FOUND);
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', found.size)
      .header('content-disposition', `attachment; filename="${request.params.name}"`)
      .send(fs.createReadStream(found.file));
  });
}
