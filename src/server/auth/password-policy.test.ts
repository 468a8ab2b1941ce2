import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, EMAIL_IN_PASSWORD_MESSAGE, passwordProblem } from './password-policy';

describe('new passwords', () => {
  it.each(['password', 'Password1', '12345678', 'qwertyuiop', '1qaz2wsx', 'ЙЦУКЕНГШ', 'iloveyou'])(
    'refuses the common %s',
    (password) => {
      expect(passwordProblem(password, 'anna@shop.ru')).toBe(COMMON_PASSWORD_MESSAGE);
    },
  );

  it('refuses one that contains the name of the e-mail, in any case', () => {
    expect(passwordProblem('Petrova2026!', 'petrova@shop.ru')).toBe(EMAIL_IN_PASSWORD_MESSAGE);
    expect(passwordProblem('my-anna.k-key', 'Anna.K@shop.ru')).toBe(EMAIL_IN_PASSWORD_MESSAGE);
  });

  it('accepts an uncommon one; a very short e-mail name is not a reason', () => {
    expect(passwordProblem('correct horse battery', 'anna@shop.ru')).toBeNull();
    expect(passwordProblem('жёлтый трамвай 17', 'petrova@shop.ru')).toBeNull();
    expect(passwordProblem('ab-tram-way-17', 'ab@shop.ru')).toBeNull();
  });
});
