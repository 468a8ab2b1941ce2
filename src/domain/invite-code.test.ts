import { describe, expect, it } from 'vitest';
import { normalizeInviteCode } from './invite-code';

describe('normalizeInviteCode', () => {
  it('ignores case, spaces and every kind of dash', () => {
    const same = [
      'ABCDE-FGHJK',
      'abcde-fghjk',
      'abcde fghjk',
      ' ABCDEFGHJK ',
      'abcde–fghjk',
      'AbCdE\u00a0FgHjK',
    ];
    expect(new Set(same.map(normalizeInviteCode))).toEqual(new Set(['ABCDEFGHJK']));
  });
  it('keeps other characters, Cyrillic too', () => {
    expect(normalizeInviteCode('код_2026')).toBe('КОД_2026');
    expect(normalizeInviteCode('ABCDE-FGHJ')).not.toBe(normalizeInviteCode('ABCDE-FGHJK'));
  });
});
