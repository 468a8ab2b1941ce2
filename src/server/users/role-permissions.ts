import type { Kysely } from 'kysely';
import {
  OWNER,
  PERMISSIONS,
  SWITCHABLE_ROLES,
  type Permission,
  type Role,
  type SwitchableRole,
} from '../../domain/roles';
import type { RolePermissionInput } from '../../domain/account-schemas';
import type { RolePermissionsDto } from '../../domain/users';
import type { DB } from '../db/schema';

/**
 * What a role allows now. Read with every session (one primary-key lookup), never cached, so
 * that a switch the owner turns applies to the next request on every server at once.
 */
export async function permissionsOf(db: Kysely<DB>, role: Role): Promise<Permission[]> {
  if (role === OWNER) return [...PERMISSIONS];
  const rows = await db
    .selectFrom('role_permissions')
    .select('permission')
    .where('role', '=', role)
    .execute();
  const granted = new Set(rows.map((row) => row.permission));
  // In the domain's order, and only permissions this version knows.
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

export async function readRolePermissions(db: Kysely<DB>): Promise<RolePermissionsDto> {
  const rows = await db.selectFrom('role_permissions').select(['role', 'permission']).execute();
  const has = (role: SwitchableRole, permission: Permission) =>
    rows.some((row) => row.role === role && row.permission === permission);
  const roles = Object.fromEntries(
    SWITCHABLE_ROLES.map((role) => [role, PERMISSIONS.filter((permission) => has(role, permission))]),
  ) as Record<SwitchableRole, Permission[]>;
  return { roles };
}

/**
 * One switch: on inserts the row, off deletes it. Each switch is its own row, so two owners
 * switching different cells at once never undo each other; the same cell ends as the later.
 */
export async function setRolePermission(db: Kysely<DB>, { role, permission, allowed }: RolePermissionInput) {
  if (allowed) {
    await db
      .insertInto('role_permissions')
      .values({ role, permission })
      .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('role_permissions')
      .where('role', '=', role)
      .where('permission', '=', permission)
      .execute();
  }
}
