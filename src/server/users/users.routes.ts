import type { EventBus } from '../events/event-bus';
import type { Kysely } from 'kysely';
import {
  accessChangeInput,
  profileInput,
  roleChangeInput,
  rolePermissionInput,
} from '../../domain/account-schemas';
import type { DB } from '../db/schema';
import { userOf } from '../http/current-user';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { readRolePermissions, setRolePermission } from './role-permissions';
import { EMPLOYEE_NOT_FOUND_MESSAGE, type UsersService } from './users.service';

export function registerUsersRoutes(
  { owners, staff }: RouteScopes,
  { users, events, db }: { users: UsersService; events: EventBus; db: Kysely<DB> },
) {
  const changed = (id: number) => events.publish({ entity: 'user', id, op: 'update' });
  staff.put('/api/me/profile', async (request) => {
    const me = userOf(request);
    const { user, itemsRenamed } = await users.updateProfile(me.id, parsePayload(profileInput, request.body));
    changed(user.id);
    if (itemsRenamed) {
      // Lists, cards and the worklist show the new name.
      events.publish({ entity: 'ticket', id: null, op: 'update' });
      events.publish({ entity: 'task', id: null, op: 'update' });
    }
    return { user };
  });

  staff.get('/api/users/options', async () => {
    return { users: await users.options() };
  });

  owners.get('/api/employees', async () => {
    return { users: await users.list() };
  });

  owners.put<{ Params: { id: string } }>('/api/employees/:id/role', async (request) => {
    const admin = userOf(request);
    const id = parseId(request.params.id, EMPLOYEE_NOT_FOUND_MESSAGE);
    const { role } = parsePayload(roleChangeInput, request.body);
    const user = await users.changeRole(admin.id, id, role);
    request.log.info({ by: admin.id, userId: id, role }, 'role changed');
    changed(id);
    return { user };
  });

  owners.put<{ Params: { id: string } }>('/api/employees/:id/access', async (request) => {
    const admin = userOf(request);
    const id = parseId(request.params.id, EMPLOYEE_NOT_FOUND_MESSAGE);
    const { disabled } = parsePayload(accessChangeInput, request.body);
    const user = await users.setDisabled(admin.id, id, disabled);
    request.log.info({ by: admin.id, userId: id, disabled }, 'access changed');
    changed(id);
    return { user };
  });

  // The roles' table (issue 52): the owner switches one permission of one role at a time.
  owners.get('/api/roles', async () => readRolePermissions(db));

  owners.put('/api/roles/permission', async (request) => {
    const input = parsePayload(rolePermissionInput, request.body);
    await setRolePermission(db, input);
    request.log.info({ by: userOf(request).id, ...input }, 'role permission changed');
    // Every open screen asks again what its person may do (id null: no one is signed out).
    events.publish({ entity: 'user', id: null, op: 'update' });
    return readRolePermissions(db);
  });
}
