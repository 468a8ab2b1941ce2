import { paths } from '../../../domain/routes';
import type { Access } from '../../../domain/roles';

export interface NavItem {
  label: string;
  to: string;
  /** Shown only to whom the screen is open (issue 52); absent: everyone. */
  access?: Access;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Задачи', to: paths.work },
  { label: 'Клиенты', to: paths.clients },
  { label: 'Сотрудники', to: paths.employees, access: 'owner' },
  // After the spec's three, so their order stays as the spec has it.
  { label: 'Сводка', to: paths.dashboard },
  { label: 'Касса', to: paths.cash, access: ['cash.shift'] },
  { label: 'Отчёты', to: paths.reports, access: ['reports', 'pay'] },
  { label: 'Склад', to: paths.stock },
  { label: 'Корзина', to: paths.trash },
  { label: 'Настройки', to: paths.settings, access: ['settings', 'backups'] },
];
