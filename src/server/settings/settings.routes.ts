import type { FastifyInstance } from 'fastify';
import { inviteCodeInput } from '../../domain/account-schemas';
import type { PublicConfig } from '../../domain/users';
import { requireAdmin } from '../http/current-user';
import { parsePayload } from '../http/parse';
import type { InviteCodeService } from './invite-code';

export function registerSettingsRoutes(
  app: FastifyInstance,
  { inviteCode, publicConfig }: { inviteCode: InviteCodeService; publicConfig: PublicConfig },
) {
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
    return result;
  });
}
