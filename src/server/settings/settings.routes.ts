import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../events/event-bus';
import { defaultAssigneesInput, inviteCodeInput } from '../../domain/account-schemas';
import type { PublicConfig } from '../../domain/users';
import { requireAdmin, requireUser } from '../http/current-user';
import { parsePayload } from '../http/parse';
import type { DefaultAssignees } from './default-assignees';
import type { InviteCodeService } from './invite-code';

export function registerSettingsRoutes(
  app: FastifyInstance,
  {
    inviteCode,
    defaultAssignees,
    events,
    publicConfig,
  }: {
    inviteCode: InviteCodeService;
    defaultAssignees: DefaultAssignees;
    events: EventBus;
    publicConfig: PublicConfig;
  },
) {
  // Readable by everyone: the new-ticket and new-task forms preselect these.
  app.get('/api/settings/default-assignees', async (request) => {
    requireUser(request);
    return defaultAssignees.get();
  });

  app.put('/api/settings/default-assignees', async (request) => {
    const admin = requireAdmin(request);
    const result = await defaultAssignees.set(parsePayload(defaultAssigneesInput, request.body));
    request.log.info({ by: admin.id, ...result }, 'default assignees changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return result;
  });

  app.get('/api/config', async () => publicConfig);

  app.get('/api/settings/invite-code', async (request) => {
    requireAdmin(request);
    return inviteCode.get();
  });

  app.put('/api/settings/invite-code', async (request) => {
    const admin = requireAdmin(request);
    const { code } = parsePayload(inviteCodeInput, request.body);
    const result = await inviteCode.set(code);
    request.log.info({ by: admin.id }, 'invite code changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return result;
  });
}
