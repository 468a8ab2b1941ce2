import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../errors';

/**
 * Passwords people in Russia pick that the English list (zxcvbn-ts's 49,000 most common
 * passwords, the first thing any guesser tries) lacks: keyboard runs in either layout.
 */
const RUSSIAN_COMMON = [
  'йцукенгш',
  'йцукенгшщз',
  'пароль123',
  'парольпароль',
  'qwertyйцукен',
  'ячсмитьб',
  'фывапролдж',
];

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set([...dictionary['passwords-common'], ...RUSSIAN_COMMON]);
  return common;
}

export const COMMON_PASSWORD_MESSAGE =
  'Этот пароль слишком распространён — его подбирают первым. Придумайте другой';
export const EMAIL_IN_PASSWORD_MESSAGE = 'Пароль не должен содержать имя из вашего e-mail';

/** The name part of an e-mail (before @) that is long enough to mean something. */
function emailName(email: string): string | null {
  const name = email.trim().toLowerCase().split('@')[0] ?? '';
  return name.length >= 3 ? name : null;
}

/** Why a new password will not do, in Russian; null when it is fine. Length is the schema's job. */
export function passwordProblem(password: string, email: string): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return COMMON_PASSWORD_MESSAGE;
  const name = emailName(email);
  if (name && lower.includes(name)) return EMAIL_IN_PASSWORD_MESSAGE;
  return null;
}

/** Refuses (400) a new password that is too common or contains the e-mail's name. */
export function checkNewPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError('bad_request', problem);
}
