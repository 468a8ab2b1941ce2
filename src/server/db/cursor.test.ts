import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../errors';
import { decodeCursor, encodeCursor, isInstant, isRecordId } from './cursor';

const readCreated = ([createdAt, id]: unknown[]) =>
  isInstant(createdAt) && isRecordId(id) ? { createdAt, id } : undefined;

describe('the cursor codec', () => {
  it('gives back the position it encoded', () => {
    const cursor = encodeCursor(['2026-11-22T09:00:00.000Z', 42]);
    expect(decodeCursor(cursor, readCreated)).toEqual({ createdAt: '2026-11-22T09:00:00.000Z', id: 42 });
  });

  it('reads no cursor as the list’s start', () => {
    expect(decodeCursor(undefined, readCreated)).toBeUndefined();
    expect(decodeCursor('', readCreated)).toBeUndefined();
  });

  it('refuses what no list made: not base64 JSON, not an array, parts out of range', () => {
    const refused = [
      'not-a-cursor',
      Buffer.from('{"a":1}').toString('base64url'),
      encodeCursor(['2026-11-22T09:00:00.000Z', 2 ** 53]),
      encodeCursor(['2026-11-22T09:00:00.000Z', -1]),
      encodeCursor(['2026-11-22 09:00', 1]),
      encodeCursor(['2026-11-22T09:00:00.000Z\u0000', 1]),
    ];
    for (const raw of refused) expect(() => decodeCursor(raw, readCreated), raw).toThrow(InvalidCursorError);
  });
});
