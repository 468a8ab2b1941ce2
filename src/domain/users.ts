import type { Permission, Role, SwitchableRole } from './roles';

/** A user as the API returns it. Never carries the password hash. */
export interface UserDto {
  id: number;
  email: string;
  displayName: string;
  phone: string;
  role: Role;
  disabled: boolean;
  createdAt: string;
}

/** The signed-in person as /api/me tells the browser: with what their role allows now. */
export interface SessionUserDto extends UserDto {
  permissions: Permission[];
}

/** Each switchable role's permissions, as the owner sees and switches them on «Сотрудники». */
export interface RolePermissionsDto {
  roles: Record<SwitchableRole, Permission[]>;
}

/** The public, non-secret values the browser may know before sign-in. */
export interface PublicConfig {
  appName: string;
  /** How long the Корзина keeps an item (said when something is deleted). */
  trashDays: number;
  /** «Забыли пароль?» e-mails a link (SMTP is configured); otherwise it sends people to an admin. */
  passwordByEmail: boolean;
  /** The upload limits (bytes), checked in the browser before anything is sent. */
  maxUploadBytes: number;
  maxUploadRequestBytes: number;
  /** PUBLIC_URL: where clients reach the status pages (issue 19); null when not set. */
  publicUrl: string | null;
}

export interface InviteCodeDto {
  code: string;
  /** True when INVITE_CODE is set on the server: the code cannot be changed from the UI then. */
  fromEnvironment: boolean;
}

/** A name in an assignee picker. */
export interface UserOptionDto {
  id: number;
  displayName: string;
}

export interface DefaultAssigneesDto {
  ticketAssigneeId: number | null;
  taskAssigneeId: number | null;
}
