import { paths } from '../../../domain/routes';

export interface NavItem {
  label: string;
  to: string;
  adminOnly?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Задачи', to: paths.work },
  { label: 'Клиенты', to: paths.clients },
  { label: 'Сотрудники', to: paths.employees, adminOnly: true },
  // After the spec's three, so their order stays as the spec has it.
  { label: 'Сводка', to: paths.dashboard },
  { label: 'Касса', to: paths.cash },
  { label: 'Склад', to: paths.stock },
  { label: 'Корзина', to: paths.trash },
  { label: 'Настройки', to: paths.settings, adminOnly: true },
];
