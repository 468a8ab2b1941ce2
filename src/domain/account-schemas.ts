import { emailProblem, passwordProblem, PASSWORD_MIN_LENGTH } from './credentials';
import { lineText, recordId } from './input-text';
import { normalizeInviteCode } from './invite-code';
import { PERMISSIONS, ROLES, SWITCHABLE_ROLES } from './roles';
import { strictPayload, z } from './zod-ru';

export { PASSWORD_MIN_LENGTH } from './credentials';

/** Adds `problem`'s message, if any, as the value's one issue. */
function checkedBy<T>(problem: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

const email = z.string({ error: 'Введите e-mail' }).trim().superRefine(checkedBy(emailProblem));

const displayName = lineText('ФИО', 200, { required: 'Введите ФИО' });

const phone = lineText('Телефон', 50);

/** Any character may be in a password except the controls no keyboard types (NUL among them). */
const password = (message: string, minLength: number) =>
  z
    .string({ error: message })
    .superRefine(checkedBy((value: string) => passwordProblem(value, message, minLength)));

export const registerInput = strictPayload({
  displayName,
  email,
  password: password('Введите пароль', PASSWORD_MIN_LENGTH),
  inviteCode: lineText('Код приглашения', 64, { required: 'Введите код приглашения' }),
});
export type RegisterInput = z.infer<typeof registerInput>;

const newPassword = password('Введите новый пароль', PASSWORD_MIN_LENGTH);

/** «Сменить пароль»: the current one proves it is you. */
export const passwordChangeInput = strictPayload({
  currentPassword: password('Введите текущий пароль', 1),
  newPassword,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;

/** A new password set from a one-time link. */
export const passwordResetInput = strictPayload({
  token: z.string({ error: 'Ссылка неполная' }).min(1, 'Ссылка неполная').max(200, 'Ссылка неполная'),
  password: newPassword,
});
export type PasswordResetInput = z.infer<typeof passwordResetInput>;

/** Said under every new-password field: what the server refuses. */
export const NEW_PASSWORD_HINT = `Не короче ${PASSWORD_MIN_LENGTH} символов; не из списка самых частых и без имени из e-mail`;

/** «Забыли пароль?»: only the address. */
export const forgotPasswordInput = strictPayload({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

/** The same answer whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER =
  'Если такой адрес есть, мы отправили на него письмо со ссылкой для нового пароля. Проверьте почту, и папку «Спам» тоже.';

export const loginInput = strictPayload({
  email,
  password: password('Введите пароль', 1),
});
export type LoginInput = z.infer<typeof loginInput>;

export const profileInput = strictPayload({
  displayName,
  phone,
});
export type ProfileInput = z.infer<typeof profileInput>;

export const roleChangeInput = strictPayload({
  role: z.enum(ROLES, { error: 'Неизвестная роль' }),
});
export type RoleChangeInput = z.infer<typeof roleChangeInput>;

/** One switch of the roles' table: a role's permission on or off. */
export const rolePermissionInput = strictPayload({
  role: z.enum(SWITCHABLE_ROLES, { error: 'Права владельца не меняются' }),
  permission: z.enum(PERMISSIONS, { error: 'Неизвестное право' }),
  allowed: z.boolean({ error: 'Укажите, разрешено ли' }),
});
export type RolePermissionInput = z.infer<typeof rolePermissionInput>;

export const accessChangeInput = strictPayload({
  disabled: z.boolean({ error: 'Укажите, отключён ли доступ' }),
});
export type AccessChangeInput = z.infer<typeof accessChangeInput>;

export const inviteCodeInput = strictPayload({
  // Counted as compared: without spaces and dashes.
  code: lineText('Код приглашения', 64, { required: 'Введите код приглашения' }).refine(
    (code) => normalizeInviteCode(code).length >= 6,
    'Код приглашения: не меньше 6 букв или цифр',
  ),
});
export type InviteCodeInput = z.infer<typeof inviteCodeInput>;

const optionalUserId = recordId('Выберите сотрудника из списка').nullable();

/** Only the defaults sent change, so two admins changing different ones do not undo each other. */
export const defaultAssigneesInput = strictPayload({
  ticketAssigneeId: optionalUserId.optional(),
  taskAssigneeId: optionalUserId.optional(),
});
export type DefaultAssigneesInput = z.infer<typeof defaultAssigneesInput>;
