import type { EventBus } from '../events/event-bus';
import { defaultAssigneesInput, inviteCodeInput } from '../../domain/account-schemas';
import type { PublicConfig } from '../../domain/users';
import { userOf } from '../http/current-user';
import type { RouteScopes } from '../http/route-scopes';
import { parsePayload } from '../http/parse';
import type { DefaultAssignees } from './default-assignees';
import type { ShopProfile } from './shop-profile';
import { shopProfileInput } from '../../domain/shop-profile';
import type { InviteCodeService } from './invite-code';

export function registerSettingsRoutes(
  { admins, open, staff }: RouteScopes,
  {
    inviteCode,
    defaultAssignees,
    shopProfile,
    events,
    publicConfig,
  }: {
    inviteCode: InviteCodeService;
    defaultAssignees: DefaultAssignees;
    shopProfile: ShopProfile;
    events: EventBus;
    publicConfig: PublicConfig;
  },
) {
  // Readable by everyone: the new-ticket and new-task forms preselect these.
  staff.get('/api/settings/default-assignees', async () => {
    return defaultAssignees.get();
  });

  admins.put('/api/settings/default-assignees', async (request) => {
    const admin = userOf(request);
    const result = await defaultAssignees.set(parsePayload(defaultAssigneesInput, request.body));
    request.log.info({ by: admin.id, ...result }, 'default assignees changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return result;
  });

  open.get('/api/config', async () => publicConfig);

  // The shop's requisites: everyone prints them on receipts; admins edit them («Настройки»).
  staff.get('/api/settings/shop', async () => ({ profile: await shopProfile.get() }));

  admins.put('/api/settings/shop', async (request) => {
    const admin = userOf(request);
    const profile = await shopProfile.save(admin, parsePayload(shopProfileInput, request.body));
    request.log.info({ by: admin.id, version: profile.version }, 'shop profile changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return { profile };
  });

  admins.get('/api/settings/invite-code', async () => {
    return inviteCode.get();
  });

  admins.put('/api/settings/invite-code', async (request) => {
    const admin = userOf(request);
    const { code } = parsePayload(inviteCodeInput, request.body);
    const result = await inviteCode.set(code);
    request.log.info({ by: admin.id }, 'invite code changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return result;
  });
}
