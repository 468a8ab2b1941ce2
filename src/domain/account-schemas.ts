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
  .regex(EMAIL_PATTERN, 'Некорректный e-mail');

const displayName = z
  .string({ error: 'Введите ФИО' })
  .trim()
  .min(1, 'Введите ФИО')
  .max(200, 'ФИО не длиннее 200 символов');

const phone = z.string().trim().max(50, 'Телефон не длиннее 50 символов');

export const registerInput = strictPayload({
  displayName,
  email,
  password: z
    .string({ error: 'Введите пароль' })
    .min(PASSWORD_MIN_LENGTH, `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`)
    .max(PASSWORD_MAX_LENGTH, `Пароль не длиннее ${PASSWORD_MAX_LENGTH} символов`),
  inviteCode: z.string({ error: 'Введите код приглашения' }).trim().min(1, 'Введите код приглашения'),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = strictPayload({
  email,
  password: z.string({ error: 'Введите пароль' }).min(1, 'Введите пароль').max(PASSWORD_MAX_LENGTH),
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
  code: z
    .string({ error: 'Введите код приглашения' })
    .trim()
    .min(6, 'Код приглашения не короче 6 символов')
    .max(64, 'Код приглашения не длиннее 64 символов'),
});
export type InviteCodeInput = z.infer<typeof inviteCodeInput>;

const optionalUserId = z.number({ error: 'Выберите сотрудника из списка' }).int().positive().nullable();

/** Only the defaults sent change, so two admins changing different ones do not undo each other. */
export const defaultAssigneesInput = strictPayload({
  ticketAssigneeId: optionalUserId.optional(),
  taskAssigneeId: optionalUserId.optional(),
});
export type DefaultAssigneesInput = z.infer<typeof defaultAssigneesInput>;
