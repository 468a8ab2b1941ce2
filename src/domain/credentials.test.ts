import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginInput, registerInput } from './account-schemas';
import { emailProblem, loginProblems, passwordProblem } from './credentials';

/** The first message per field of a failed parse, as the forms show them. */
function firstMessages(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    'a@b.ru',
    ' a@b.ru ',
    'a@b',
    'a b@c.ru',
    'мастер@сервис.рф',
    'x\u0000@y.ru',
    'пароль\u0007',
  ),
  fc.string({ minLength: 195, maxLength: 260 }),
  fc.emailAddress(),
);

describe('login rules without zod', () => {
  it('agree with the shared schema on any input, message for message (the server checks the schema)', () => {
    fc.assert(
      fc.property(text, text, (email, password) => {
        const parsed = loginInput.safeParse({ email, password });
        const problems = loginProblems({ email, password });
        if (parsed.success) expect(problems).toEqual({});
        else expect(problems).toEqual(firstMessages(parsed.error.issues));
      }),
      { seed: 17, numRuns: 2000 },
    );
  });

  it('says what is wrong in Russian, field by field', () => {
    const cases: [string, string, Record<string, string>][] = [
      ['', '', { email: 'Введите e-mail', password: 'Введите пароль' }],
      ['   ', 'x', { email: 'Введите e-mail' }],
      ['мастер', 'x', { email: 'Некорректный e-mail' }],
      ['a b@c.ru', 'x', { email: 'Некорректный e-mail' }],
      ['x\u0000@y.ru', 'x', { email: 'Некорректный e-mail' }],
      [`${'a'.repeat(250)}@b.ru`, 'x', { email: 'Слишком длинный e-mail' }],
      ['a@b.ru', 'пароль\u0007', { password: 'Пароль: недопустимый символ' }],
      ['a@b.ru', 'я'.repeat(201), { password: 'Пароль не длиннее 200 символов' }],
      [' мастер@сервис.рф ', 'любой', {}],
    ];
    for (const [email, password, expected] of cases) {
      expect(loginProblems({ email, password }), `${email} / ${password}`).toEqual(expected);
    }
  });

  it('a new password keeps its old messages: too short before empty', () => {
    expect(passwordProblem('', 'Введите пароль', 8)).toBe('Пароль должен быть не короче 8 символов');
    expect(passwordProblem('', 'Введите пароль', 1)).toBe('Введите пароль');
    const parsed = registerInput.safeParse({
      displayName: 'А',
      email: 'a@b.ru',
      password: '',
      inviteCode: 'x',
    });
    expect(parsed.success).toBe(false);
    expect(firstMessages(parsed.error!.issues).password).toBe('Пароль должен быть не короче 8 символов');
    expect(emailProblem('  ')).toBe('Введите e-mail');
    expect(emailProblem(' a@b.ru ')).toBeNull();
  });

  it('a new password (issue 48) must hold something other than spaces; signing in lets it through', () => {
    expect(passwordProblem('        ', 'Введите пароль', 8)).toBe(
      'Пароль не может состоять из одних пробелов',
    );
    expect(passwordProblem('  пароль с пробелами  ', 'Введите пароль', 8)).toBeNull();
    expect(passwordProblem('        ', 'Введите пароль', 1)).toBeNull();
  });
});
