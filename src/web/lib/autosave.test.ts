import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutosaveDraft, type AutosaveOptions, type SaveFailure, type Snapshot } from './autosave';
import type { UnsentEditsStore, UnsentField } from './unsent-edits';

type Fields = { name: string; comment: string };

class Offline extends Error {}
class Conflict extends Error {
  constructor(
    readonly field: keyof Fields,
    readonly current: Snapshot<Fields>,
  ) {
    super('conflict');
  }
}

const classify = (error: unknown): SaveFailure<Fields> => {
  if (error instanceof Offline) return { kind: 'offline' };
  if (error instanceof Conflict) {
    return {
      kind: 'conflict',
      conflict: { fields: [{ field: error.field, changedBy: 'Борис' }], current: error.current },
    };
  }
  return { kind: 'error', message: String(error) };
};

/** A server that stores trimmed text and raises the version on each change, as ours does. */
function fakeServer(initial: Snapshot<Fields>) {
  let record = { values: { ...initial.values }, version: initial.version };
  const save = vi.fn(async (changes: Partial<Fields>, version: number): Promise<Snapshot<Fields>> => {
    void version;
    record = {
      values: {
        ...record.values,
        ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v!.trim()])),
      },
      version: record.version + 1,
    };
    return record;
  });
  return {
    save,
    get record() {
      return record;
    },
    /** Someone else's edit. */
    change(field: keyof Fields, value: string) {
      record = { values: { ...record.values, [field]: value }, version: record.version + 1 };
      return record;
    },
  };
}

function memoryStore(): UnsentEditsStore<Fields> & {
  data: Partial<Record<keyof Fields, UnsentField>> | null;
} {
  return {
    data: null,
    read() {
      return this.data;
    },
    write(fields) {
      this.data = Object.keys(fields).length ? fields : null;
    },
    clear() {
      this.data = null;
    },
  };
}

const start: Snapshot<Fields> = { values: { name: 'Иван', comment: '' }, version: 1 };
const trim = (_: keyof Fields, v: string) => v.trim();

function draftOf(
  options: Partial<AutosaveOptions<Fields>> & Pick<AutosaveOptions<Fields>, 'save'>,
  initial = start,
) {
  return new AutosaveDraft<Fields>(initial, {
    delayMs: 500,
    classify,
    normalize: trim,
    retryDelaysMs: [1000],
    ...options,
  });
}

/**
 * Types text a few keys at a time with pauses, as on a phone keyboard. Each key is
 * added to what the field shows at that moment, as in a controlled input.
 */
async function typeWithPauses(
  draft: AutosaveDraft<Fields>,
  field: keyof Fields,
  chunks: string[],
  pauseMs = 1000,
) {
  for (const chunk of chunks) {
    for (const char of chunk) {
      draft.set(field, draft.getSnapshot().values[field] + char);
      await vi.advanceTimersByTimeAsync(50);
    }
    await vi.advanceTimersByTimeAsync(pauseMs);
  }
}

describe('AutosaveDraft', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 500 ms after the last keystroke, sending only the changed field and its version', async () => {
    const server = fakeServer(start);
    const draft = draftOf({ save: server.save });
    draft.set('comment', 'а');
    await vi.advanceTimersByTimeAsync(400);
    draft.set('comment', 'аб');
    await vi.advanceTimersByTimeAsync(499);
    expect(server.save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.save).toHaveBeenCalledWith({ comment: 'аб' }, 1);
    expect(draft.getSnapshot().status).toBe('saved');
  });

  it('keeps the spaces and line breaks typed before each pause (the server trims what it stores)', async () => {
    const server = fakeServer(start);
    const draft = draftOf({ save: server.save });
    draft.focus('comment');
    await typeWithPauses(draft, 'comment', ['Позвонить ', 'поставщику\n', 'завтра']);
    expect(draft.getSnapshot().values.comment).toBe('Позвонить поставщику\nзавтра');
    expect(server.record.values.comment).toBe('Позвонить поставщику\nзавтра');
    // Every answer echoed a trimmed value; none of them replaced the typing.
    expect(server.save).toHaveBeenCalledWith({ comment: 'Позвонить' }, 1);
    expect(draft.getSnapshot().status).toBe('saved');
  });

  it('a trailing space alone is not an unsaved change, and is tidied when the field is left', async () => {
    const server = fakeServer(start);
    const draft = draftOf({ save: server.save });
    draft.focus('name');
    draft.set('name', 'Иван ');
    await vi.advanceTimersByTimeAsync(600);
    expect(server.save).not.toHaveBeenCalled();
    expect(draft.getSnapshot()).toMatchObject({ status: 'saved', values: { name: 'Иван ' } });
    draft.blur('name');
    expect(draft.getSnapshot().values.name).toBe('Иван');
  });

  it('text typed before the card’s data arrives again is kept and saved', async () => {
    const server = fakeServer(start);
    const draft = draftOf({ save: server.save });
    draft.set('comment', 'сразу');
    draft.receive(start); // the same record, refetched as the card opened
    draft.receive({ values: { name: 'Иван', comment: '' }, version: 1 });
    expect(draft.getSnapshot().values.comment).toBe('сразу');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.record.values.comment).toBe('сразу');
  });

  it('takes another person’s change to a field with nothing unsent, and keeps the typing in the others', () => {
    const draft = draftOf({ save: vi.fn() });
    draft.set('comment', 'печатаю');
    draft.receive({ values: { name: 'Иван Петрович', comment: '' }, version: 2 });
    expect(draft.getSnapshot().values).toEqual({ name: 'Иван Петрович', comment: 'печатаю' });
  });

  it('an older answer never undoes a newer record', () => {
    const draft = draftOf({ save: vi.fn() });
    draft.receive({ values: { name: 'Новое', comment: '' }, version: 3 });
    draft.receive({ values: { name: 'Старое', comment: '' }, version: 2 });
    expect(draft.getSnapshot().values.name).toBe('Новое');
  });

  it('does not send an invalid field, says so, and clears the message once it is valid', async () => {
    const server = fakeServer(start);
    const draft = draftOf({
      save: server.save,
      validate: (field, value) => (field === 'name' && !value.trim() ? 'Введите ФИО' : undefined),
    });
    draft.set('name', '');
    draft.set('comment', '123');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.save).toHaveBeenCalledWith({ comment: '123' }, 1);
    expect(draft.getSnapshot()).toMatchObject({ status: 'invalid', errors: { name: 'Введите ФИО' } });
    draft.set('name', 'Пётр');
    expect(draft.getSnapshot().errors.name).toBeUndefined();
    await vi.advanceTimersByTimeAsync(500);
    expect(draft.getSnapshot().status).toBe('saved');
  });

  it('keeps one save in flight and sends what was typed meanwhile right after, on the new version', async () => {
    let release!: () => void;
    const server = fakeServer(start);
    const save = vi.fn(async (changes: Partial<Fields>, version: number) => {
      if (save.mock.calls.length === 1) await new Promise<void>((r) => (release = r));
      return server.save(changes, version);
    });
    const draft = draftOf({ save });
    draft.set('comment', '1');
    await vi.advanceTimersByTimeAsync(500);
    draft.set('comment', '12');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(draft.getSnapshot().status).toBe('saving');
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ comment: '12' }, 2);
  });

  it('a field someone else changed comes back as a conflict; «Вернуть мой» resends on their version', async () => {
    const server = fakeServer(start);
    const save = vi.fn(async (changes: Partial<Fields>, version: number) => {
      if (version < server.record.version) throw new Conflict('comment', server.record);
      return server.save(changes, version);
    });
    const draft = draftOf({ save });
    draft.set('comment', 'моё');
    const theirs = server.change('comment', 'их');
    draft.receive(theirs); // their change arrives live while mine is unsent
    expect(draft.getSnapshot().values.comment).toBe('моё');
    await vi.advanceTimersByTimeAsync(500);
    expect(draft.getSnapshot()).toMatchObject({
      status: 'conflict',
      conflicts: { comment: { theirs: 'их', changedBy: 'Борис' } },
      values: { comment: 'моё' },
    });
    draft.keepMine('comment');
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenLastCalledWith({ comment: 'моё' }, 2);
    expect(server.record.values.comment).toBe('моё');
    expect(draft.getSnapshot().status).toBe('saved');
  });

  it('«Оставить их вариант» takes their value and sends nothing', async () => {
    const server = fakeServer(start);
    const save = vi.fn(async () => {
      throw new Conflict('comment', server.change('comment', 'их'));
    });
    const draft = draftOf({ save });
    draft.set('comment', 'моё');
    await vi.advanceTimersByTimeAsync(500);
    draft.keepTheirs('comment');
    expect(draft.getSnapshot()).toMatchObject({ status: 'saved', values: { comment: 'их' }, conflicts: {} });
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('edits to different fields merge: a live change to another field moves the base version on', async () => {
    const server = fakeServer(start);
    const draft = draftOf({ save: server.save });
    draft.set('comment', 'моё');
    draft.receive(server.change('name', 'Иван Петрович'));
    await vi.advanceTimersByTimeAsync(500);
    expect(server.save).toHaveBeenCalledWith({ comment: 'моё' }, 2);
  });

  it('offline: says so, keeps the edit, retries, and is saved when the server answers', async () => {
    const server = fakeServer(start);
    let online = false;
    const save = vi.fn(async (changes: Partial<Fields>, version: number) => {
      if (!online) throw new Offline();
      return server.save(changes, version);
    });
    const draft = draftOf({ save });
    draft.set('comment', 'без сети');
    await vi.advanceTimersByTimeAsync(500);
    expect(draft.getSnapshot().status).toBe('offline');
    expect(draft.hasUnsent()).toBe(true);
    online = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(draft.getSnapshot().status).toBe('saved');
    expect(server.record.values.comment).toBe('без сети');
  });

  it('an unsent edit survives the page: a new draft restores it and sends it on its old version', async () => {
    const store = memoryStore();
    const first = draftOf({ save: vi.fn(async () => Promise.reject(new Offline())), store });
    first.set('comment', 'набрано офлайн');
    await vi.advanceTimersByTimeAsync(500);
    first.dispose();
    expect(store.data).toEqual({ comment: { value: 'набрано офлайн', baseValue: '', baseVersion: 1 } });

    const server = fakeServer({ values: { name: 'Иван', comment: '' }, version: 4 });
    const second = draftOf({ save: server.save, store }, server.record);
    expect(second.getSnapshot().values.comment).toBe('набрано офлайн');
    second.activate();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.save).toHaveBeenCalledWith({ comment: 'набрано офлайн' }, 1);
    expect(store.data).toBeNull();
  });

  it('never says «Сохранено» while an input holds a change it has not handed over', async () => {
    const server = fakeServer(start);
    const draft = draftOf({ save: server.save, saveOn: { name: 'now' } });
    expect(draft.getSnapshot().status).toBe('saved');
    draft.hold('name', true);
    expect(draft.getSnapshot().status).toBe('waiting');
    draft.set('name', 'Пётр');
    draft.hold('name', false);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.save).toHaveBeenCalledWith({ name: 'Пётр' }, 1);
    expect(draft.getSnapshot().status).toBe('saved');
  });

  it('a save-on-blur field waits while typed in, and goes when left', async () => {
    const server = fakeServer(start);
    const draft = draftOf({ save: server.save, saveOn: { comment: 'blur', name: 'now' } });
    draft.focus('comment');
    draft.set('comment', 'описание');
    draft.set('name', 'Пётр');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.save).toHaveBeenCalledWith({ name: 'Пётр' }, 1);
    expect(draft.getSnapshot().status).toBe('waiting');
    draft.blur('comment');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.save).toHaveBeenLastCalledWith({ comment: 'описание' }, 2);
  });

  it('leaving drops what can never be sent (invalid, in conflict) but keeps what waits for a connection', async () => {
    const store = memoryStore();
    const draft = draftOf({
      save: async () => Promise.reject(new Offline()),
      store,
      validate: (field, value) => (field === 'name' && !value.trim() ? 'Введите ФИО' : undefined),
    });
    draft.set('name', '');
    draft.set('comment', 'ждёт связи');
    await vi.advanceTimersByTimeAsync(500);
    draft.discardUnsendable();
    expect(draft.getSnapshot().values).toEqual({ name: 'Иван', comment: 'ждёт связи' });
    expect(Object.keys(store.data ?? {})).toEqual(['comment']);
  });
});
