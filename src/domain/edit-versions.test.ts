import { describe, expect, it } from 'vitest';
import { conflictMessage, judgeEdit, parseStamps, stampFields, type FieldStamps } from './edit-versions';

type Field = 'title' | 'description';
const current: Record<Field, unknown> = { title: 'Забрать плату', description: 'старое' };
// title last changed at version 5 by user 2; description at version 3 by user 1.
const stamps: FieldStamps = { title: { v: 5, by: 2 }, description: { v: 3, by: 1 } };

describe('judgeEdit', () => {
  const cases: {
    name: string;
    patch: Partial<Record<Field, unknown>>;
    base: number;
    actor: number;
    changed: Field[];
    conflicts: Field[];
  }[] = [
    {
      name: 'based on the newest version',
      patch: { title: 'x' },
      base: 5,
      actor: 1,
      changed: ['title'],
      conflicts: [],
    },
    {
      name: 'stale, and someone else changed the field',
      patch: { title: 'x' },
      base: 4,
      actor: 1,
      changed: ['title'],
      conflicts: ['title'],
    },
    {
      name: 'stale, but the field was changed by oneself',
      patch: { title: 'x' },
      base: 4,
      actor: 2,
      changed: ['title'],
      conflicts: [],
    },
    {
      name: 'stale, but another field changed (merge)',
      patch: { description: 'новое' },
      base: 4,
      actor: 1,
      changed: ['description'],
      conflicts: [],
    },
    {
      name: 'stale, same value as now (nothing to do)',
      patch: { title: 'Забрать плату' },
      base: 1,
      actor: 1,
      changed: [],
      conflicts: [],
    },
    {
      name: 'changed by someone after the base',
      patch: { description: 'новое' },
      base: 2,
      actor: 9,
      changed: ['description'],
      conflicts: ['description'],
    },
    {
      name: 'undefined means not sent',
      patch: { title: undefined },
      base: 1,
      actor: 1,
      changed: [],
      conflicts: [],
    },
  ];
  it.each(cases)('$name', ({ patch, base, actor, changed, conflicts }) => {
    expect(judgeEdit({ current, patch, baseVersion: base, stamps, actorId: actor })).toEqual({
      changed,
      conflicts,
    });
  });

  it('treats a field without a stamp as unchanged since the start', () => {
    expect(
      judgeEdit({ current, patch: { title: 'y' }, baseVersion: 1, stamps: {}, actorId: 1 }).conflicts,
    ).toEqual([]);
  });
});

describe('stamps', () => {
  it('stamps changed fields with the new version and the actor, keeping the others', () => {
    expect(stampFields(stamps, ['title'], 6, 7)).toEqual({
      title: { v: 6, by: 7 },
      description: { v: 3, by: 1 },
    });
  });

  it.each(['', 'null', '[]', '{"title":{"v":"x"}}', '{"title":1}'])('reads %j as no stamps', (text) => {
    expect(parseStamps(text)).toEqual({});
  });

  it('round-trips through JSON', () => {
    expect(parseStamps(JSON.stringify(stamps))).toEqual(stamps);
  });
});

it('says who changed which field', () => {
  expect(
    conflictMessage([
      { field: 'title', label: 'Название', changedBy: 'Петров Пётр' },
      { field: 'description', label: 'Описание', changedBy: 'Анна' },
    ]),
  ).toBe('Поле «Название» изменил(а) Петров Пётр. Поле «Описание» изменил(а) Анна');
});
