import { describe, expect, it } from 'vitest';
import {
  COMMENT_EDIT_MINUTES,
  COMMENT_NOT_FOUND_MESSAGE,
  COMMENT_NOT_YOURS_MESSAGE,
  COMMENT_TOO_OLD_MESSAGE,
  commentChangeRefusal,
  commentExcerpt,
  commentRuns,
  mentionQueryAt,
  mentionedIds,
} from './comments';

const people = [
  { id: 1, displayName: 'Игорь' },
  { id: 2, displayName: 'Игорь Петров' },
  { id: 3, displayName: 'Анна' },
  { id: 4, displayName: '  ' },
];

describe('mentions in a comment', () => {
  it('takes the longest name that fits, case aside, each person once', () => {
    expect(mentionedIds('@игорь петров глянь, @Игорь тоже; @ИГОРЬ ПЕТРОВ!', people)).toEqual([2, 1]);
  });

  it('needs the name to end where a word ends, and the @ to start one', () => {
    expect(mentionedIds('@Игорьков, @Аннушка, me@Анна, @Анна_', people)).toEqual([]);
    expect(mentionedIds('(@Анна) и @Анна.', people)).toEqual([3]);
    expect(mentionedIds('просто @ и @@Анна', people)).toEqual([3]);
  });

  it('names both people who share a name', () => {
    expect(mentionedIds('@Анна, глянь', [...people, { id: 9, displayName: 'анна' }])).toEqual([3, 9]);
  });

  it('cuts a text into plain runs and mentions', () => {
    expect(commentRuns('Привет, @Анна! Как @Игорь?', [{ id: 3, name: 'Анна' }])).toEqual([
      { text: 'Привет, ', mention: false },
      { text: '@Анна', mention: true },
      { text: '! Как @Игорь?', mention: false },
    ]);
    expect(commentRuns('', [])).toEqual([]);
  });

  it('finds the name being typed after an @ before the cursor', () => {
    expect(mentionQueryAt('позвони @Иг', 11)).toEqual({ start: 8, query: 'Иг' });
    expect(mentionQueryAt('@Игорь Пе', 9)).toEqual({ start: 0, query: 'Игорь Пе' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('почта me@mail', 13)).toBeNull();
    expect(mentionQueryAt('@Анна\nдальше', 12)).toBeNull();
    expect(mentionQueryAt('без упоминания', 5)).toBeNull();
  });
});

describe('who may change a comment', () => {
  const written = '2026-11-29T10:00:00.000Z';
  const comment = { authorId: 7, createdAt: written, deletedAt: null };
  const at = (minutes: number) => new Date(Date.parse(written) + minutes * 60_000);

  it('its author, within the window', () => {
    expect(commentChangeRefusal(comment, 7, at(COMMENT_EDIT_MINUTES))).toBeNull();
    expect(commentChangeRefusal(comment, 7, at(COMMENT_EDIT_MINUTES + 0.01))).toBe(COMMENT_TOO_OLD_MESSAGE);
    expect(commentChangeRefusal(comment, 8, at(1))).toBe(COMMENT_NOT_YOURS_MESSAGE);
    expect(commentChangeRefusal({ ...comment, deletedAt: written }, 7, at(1))).toBe(
      COMMENT_NOT_FOUND_MESSAGE,
    );
  });
});

it('shortens a comment to one line for a push', () => {
  expect(commentExcerpt('  Первая\n\nвторая  ')).toBe('Первая вторая');
  expect(commentExcerpt('слово '.repeat(40), 20)).toBe('слово слово слово…');
});
