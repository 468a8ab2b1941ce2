import { hasControlCharacter, lineText, recordId } from './input-text';
import { normalizeInviteCode } from './invite-code';
import { ROLES } from './roles';
import { strictPayload, z } from './zod-ru';

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 200;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z
  .string({ error: 'Введите e-mail' })
  .trim()
  .min(1, 'Введите e-mail')
  .max(254, 'Слишком длинный e-mail')
  .regex(EMAIL_PATTERN, 'Некорректный e-mail')
  .refine((value) => !hasControlCharacter(value, false), 'Некорректный e-mail');

const displayName = lineText('ФИО', 200, { required: 'Введите ФИО' });

const phone = lineText('Телефон', 50);

/** Any character may be in a password except the controls no keyboard types (NUL among them). */
const password = (message: string) =>
  z
    .string({ error: message })
    .max(PASSWORD_MAX_LENGTH, `Пароль не длиннее ${PASSWORD_MAX_LENGTH} символов`)
    .refine((value) => !hasControlCharacter(value, false), 'Пароль: недопустимый символ');

export const registerInput = strictPayload({
  displayName,
  email,
  password: password('Введите пароль').min(
    PASSWORD_MIN_LENGTH,
    `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`,
  ),
  inviteCode: lineText('Код приглашения', 64, { required: 'Введите код приглашения' }),
});
export type RegisterInput = z.infer<typeof registerInput>;

const newPassword = password('Введите новый пароль').min(
  PASSWORD_MIN_LENGTH,
  `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`,
);

/** «Сменить пароль»: the current one proves it is you. */
export const passwordChangeInput = strictPayload({
  currentPassword: password('Введите текущий пароль').min(1, 'Введите текущий пароль'),
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
  password: password('Введите пароль').min(1, 'Введите пароль'),
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
