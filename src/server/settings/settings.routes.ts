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
import type { ShopLogo } from './shop-logo';
import type { MessageTemplatesStore } from './message-templates';
import type { WorkRules } from './work-rules';
import type { AddressProbe, PublicAddress } from './public-address';
import { publicAddressInput } from '../../domain/public-address';
import { workRulesInput } from '../../domain/work-rules';
import { messageTemplatesInput } from '../../domain/message-templates';
import { AppError } from '../errors';
import type { FileStore } from '../files/file-store';
import { receiveUploads } from '../files/receive-uploads';
import type { UploadLimits } from '../files/upload-limits';

export function registerSettingsRoutes(
  { permitted, owners, open, staff }: RouteScopes,
  {
    inviteCode,
    defaultAssignees,
    shopProfile,
    shopLogo,
    messageTemplates,
    workRules,
    store,
    uploadLimits,
    events,
    publicConfig,
    publicAddress,
    addressProbe,
  }: {
    inviteCode: InviteCodeService;
    defaultAssignees: DefaultAssignees;
    shopProfile: ShopProfile;
    shopLogo: ShopLogo;
    messageTemplates: MessageTemplatesStore;
    workRules: WorkRules;
    store: FileStore;
    uploadLimits: UploadLimits;
    events: EventBus;
    publicConfig: PublicConfig;
    publicAddress: PublicAddress;
    addressProbe: AddressProbe;
  },
) {
  const settings = permitted('settings');
  // Readable by everyone: the new-ticket and new-task forms preselect these.
  staff.get('/api/settings/default-assignees', async () => {
    return defaultAssignees.get();
  });

  // Set on «Сотрудники», the owner's page.
  owners.put('/api/settings/default-assignees', async (request) => {
    const admin = userOf(request);
    const result = await defaultAssignees.set(parsePayload(defaultAssigneesInput, request.body));
    request.log.info({ by: admin.id, ...result }, 'default assignees changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return result;
  });

  open.get('/api/config', async () => ({ ...publicConfig, publicUrl: await publicAddress.get() }));

  // The shop's public address (issue 48): client links are sent only to an address that works.
  settings.get('/api/settings/public-address', async () => publicAddress.status());

  settings.put('/api/settings/public-address', async (request) => {
    const admin = userOf(request);
    const { address, force } = parsePayload(publicAddressInput, request.body);
    if ((await publicAddress.status()).fromEnvironment) {
      throw new AppError(
        'conflict',
        'Адрес задан в настройках запуска сервера (PUBLIC_URL): измените его там и перезапустите сервер',
      );
    }
    if (address && !force) {
      const problem = await addressProbe.reaches(address);
      if (problem) {
        throw new AppError('bad_request', `Проверка не прошла: ${problem}. Адрес не сохранён`, {
          extra: { unreachable: true },
        });
      }
    }
    await publicAddress.set(address);
    request.log.info({ by: admin.id, address: address || null, checked: !force }, 'public address changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return publicAddress.status();
  });

  // Answers the check above: 204 only for a token this shop signed within the minute.
  open.get<{ Params: { token: string } }>('/api/address-check/:token', async (request, reply) => {
    return reply.code((await addressProbe.knows(request.params.token)) ? 204 : 404).send();
  });

  // The shop's requisites: everyone prints them on receipts; admins edit them («Настройки»).
  staff.get('/api/settings/shop', async () => ({
    profile: await shopProfile.get(),
    logoUrl: await shopLogo.url(),
  }));

  settings.put('/api/settings/shop', async (request) => {
    const admin = userOf(request);
    const profile = await shopProfile.save(admin, parsePayload(shopProfileInput, request.body));
    request.log.info({ by: admin.id, version: profile.version }, 'shop profile changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return { profile, logoUrl: await shopLogo.url() };
  });

  // How the shop judges what is urgent: everyone reads it (the marks), admins change it.
  staff.get('/api/settings/work-rules', async () => ({ rules: await workRules.get() }));

  settings.put('/api/settings/work-rules', async (request) => {
    const admin = userOf(request);
    const rules = await workRules.save(admin, parsePayload(workRulesInput, request.body));
    request.log.info({ by: admin.id, version: rules.version }, 'work rules changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return { rules };
  });

  // Messages to clients: everyone fills them in on a ticket; admins edit them («Настройки»).
  staff.get('/api/settings/message-templates', async () => ({ templates: await messageTemplates.get() }));

  settings.put('/api/settings/message-templates', async (request) => {
    const admin = userOf(request);
    const templates = await messageTemplates.save(admin, parsePayload(messageTemplatesInput, request.body));
    request.log.info({ by: admin.id, version: templates.version }, 'message templates changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return { templates };
  });

  // The optional logo on the printed papers: any signed-in user reads it, admins change it.
  staff.get('/api/settings/shop/logo', async (_request, reply) => {
    const logo = await shopLogo.read();
    if (!logo) throw new AppError('not_found', 'Логотип не загружен');
    // The address changes with every new logo (shopLogo.url), so the old one may be kept.
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, max-age=86400')
      .send(logo);
  });

  settings.post('/api/settings/shop/logo', async (request) => {
    const admin = userOf(request);
    const files = await receiveUploads(request, store, { limits: uploadLimits, imagesOnly: true });
    await shopLogo.replace(files);
    request.log.info({ by: admin.id }, 'shop logo changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return { logoUrl: await shopLogo.url() };
  });

  settings.delete('/api/settings/shop/logo', async (request) => {
    const admin = userOf(request);
    await shopLogo.remove();
    request.log.info({ by: admin.id }, 'shop logo removed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return { logoUrl: null };
  });

  owners.get('/api/settings/invite-code', async () => {
    return inviteCode.get();
  });

  owners.put('/api/settings/invite-code', async (request) => {
    const admin = userOf(request);
    const { code } = parsePayload(inviteCodeInput, request.body);
    const result = await inviteCode.set(code);
    request.log.info({ by: admin.id }, 'invite code changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return result;
  });
}
