import { hasControlCharacter } from './control-characters';

// The rules for an e-mail and a password, without zod: the login screen checks them
// with these functions (it loads no zod, issue 17), the shared schemas
// (account-schemas.ts) check them with the same functions, and so does the server.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with an e-mail as typed (it is trimmed first), or null. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email.length === 0) return 'Введите e-mail';
  if (email.length > EMAIL_MAX_LENGTH) return 'Слишком длинный e-mail';
  if (!EMAIL_PATTERN.test(email) || hasControlCharacter(email, false)) return 'Некорректный e-mail';
  return null;
}

/**
 * What is wrong with a password, or null. Any character may be in one except the
 * controls no keyboard types; `minLength` 1 means only «not empty» (signing in).
 */
export function passwordProblem(value: string, emptyMessage: string, minLength: number): string | null {
  if (value.length > PASSWORD_MAX_LENGTH) return `Пароль не длиннее ${PASSWORD_MAX_LENGTH} символов`;
  if (hasControlCharacter(value, false)) return 'Пароль: недопустимый символ';
  if (value.length < minLength) {
    return minLength <= 1 ? emptyMessage : `Пароль должен быть не короче ${minLength} символов`;
  }
  // A new password; signing in, whatever was set before is let through to be checked.
  if (minLength > 1 && value.trim() === '') return 'Пароль не может состоять из одних пробелов';
  return null;
}

/** The sign-in form's messages per field; empty when it may be sent. */
export function loginProblems(values: { email: string; password: string }): {
  email?: string;
  password?: string;
} {
  const email = emailProblem(values.email);
  const password = passwordProblem(values.password, 'Введите пароль', 1);
  return { ...(email ? { email } : {}), ...(password ? { password } : {}) };
}
