/**
 * Who may do what (issue 52). A role is a named set of permissions; the owner switches
 * each permission per role on «Сотрудники». «Владелец» has every permission and manages
 * people and roles; its stored key stays 'admin', the spec's «Админ» it replaces.
 */
export const ROLES = ['admin', 'receptionist', 'master', 'employee'] as const;
export type Role = (typeof ROLES)[number];

/** The role that has every permission, cannot be narrowed, and must always have someone. */
export const OWNER: Role = 'admin';

/** The roles whose permissions the owner switches. */
export const SWITCHABLE_ROLES = ['receptionist', 'master', 'employee'] as const satisfies readonly Role[];
export type SwitchableRole = (typeof SWITCHABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Владелец',
  receptionist: 'Приёмщик',
  master: 'Мастер',
  employee: 'Сотрудник',
};

/** Said beside each role on «Сотрудники», so the owner knows what it is for. */
export const ROLE_HINTS: Record<Role, string> = {
  admin: 'Всё, включая сотрудников и права ролей.',
  receptionist: 'Приём, клиенты, оплаты, документы.',
  master: 'Ремонты, запчасти в заявках, этапы.',
  employee: 'Роль по умолчанию для новых сотрудников.',
};

/**
 * What a role may be allowed beyond the everyday work every signed-in person does (tickets,
 * tasks, clients, lines on a ticket, stages, the Корзина's list and restoring from it).
 */
export const PERMISSIONS = [
  'trash.delete',
  'trash.purge',
  'payments.take',
  'payments.refund',
  'cash.shift',
  'reports',
  'export',
  'stock.manage',
  'settings',
  'backups',
  'pay',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  'trash.delete': 'Удалять заявки, задачи и клиентов (в Корзину)',
  'trash.purge': 'Удалять из Корзины навсегда',
  'payments.take': 'Принимать оплату',
  'payments.refund': 'Оформлять возврат денег',
  'cash.shift': 'Касса: смена, внесения и выдачи, выручка за день',
  reports: 'Отчёты: выручка, маржа, долги, выписки плательщиков, журналы оплат и смен',
  export: 'Выгрузки CSV: работа, заявки, задачи, клиенты',
  'stock.manage': 'Склад: приход, инвентаризация, каталог, закупочные цены',
  settings: 'Настройки: реквизиты, типы заявок, этапы, услуги, плательщики, шаблоны, сроки',
  backups: 'Резервные копии',
  pay: 'Видеть зарплаты сотрудников: правила, ведомости, выплаты',
};

/**
 * Each role's permissions until the owner changes them. «Сотрудник» has exactly what an
 * employee could do before roles existed, so existing accounts keep their rights.
 */
export const DEFAULT_PERMISSIONS: Record<SwitchableRole, readonly Permission[]> = {
  employee: ['trash.delete', 'payments.take', 'payments.refund', 'cash.shift', 'export'],
  receptionist: ['trash.delete', 'payments.take', 'cash.shift'],
  master: [],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isSwitchableRole(value: unknown): value is SwitchableRole {
  return typeof value === 'string' && (SWITCHABLE_ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** Said when the server refuses a request for want of a permission. */
export function missingPermissionMessage(permission: Permission): string {
  return `Нет права «${PERMISSION_LABELS[permission]}». Его даёт владелец на странице «Сотрудники».`;
}

export const OWNER_ONLY_MESSAGE = 'Доступно только владельцу';

/** Who may open a screen: the owner only, or anyone whose role has one of these permissions. */
export type Access = 'owner' | readonly Permission[];

export function allows(user: { role: Role; permissions: readonly Permission[] }, access: Access): boolean {
  if (user.role === OWNER) return true;
  return access !== 'owner' && access.some((permission) => user.permissions.includes(permission));
}
