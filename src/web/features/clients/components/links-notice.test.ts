import { describe, expect, it } from 'vitest';
import { linksNotice } from './links-notice';

describe('linksNotice', () => {
  it.each([
    [null, 'Иванов.'],
    [{ tickets: 0, tasks: 0 }, 'Иванов.'],
    [
      { tickets: 1, tasks: 0 },
      'Иванов: у клиента 1 заявка. Она останется и будет по-прежнему связана с клиентом.',
    ],
    [
      { tickets: 0, tasks: 1 },
      'Иванов: у клиента 1 задача. Она останется и будет по-прежнему связана с клиентом.',
    ],
    [
      { tickets: 2, tasks: 5 },
      'Иванов: у клиента 2 заявки и 5 задач. Они останутся и будут по-прежнему связаны с клиентом.',
    ],
    [
      { tickets: 21, tasks: 0 },
      'Иванов: у клиента 21 заявка. Они останутся и будут по-прежнему связаны с клиентом.',
    ],
  ])('%o', (links, expected) => {
    expect(linksNotice('Иванов', links)).toBe(expected);
  });
});
