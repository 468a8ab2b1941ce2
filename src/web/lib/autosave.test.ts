import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutosaveDraft } from './autosave';

type Fields = { name: string; phone: string };

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('AutosaveDraft', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 500 ms after the last keystroke, sending only the changed fields', async () => {
    const save = vi.fn(async () => {});
    const draft = new AutosaveDraft<Fields>({ name: 'Иван', phone: '' }, { delayMs: 500, save });
    draft.set('phone', '9');
    await vi.advanceTimersByTimeAsync(400);
    draft.set('phone', '91');
    await vi.advanceTimersByTimeAsync(499);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ phone: '91' });
  });

  it('does not send a field that fails validation, but keeps the others', async () => {
    const save = vi.fn(async () => {});
    const draft = new AutosaveDraft<Fields>(
      { name: 'Иван', phone: '' },
      {
        delayMs: 500,
        save,
        validate: (field, value) => (field === 'name' && !value.trim() ? 'Введите ФИО' : undefined),
      },
    );
    draft.set('name', '');
    draft.set('phone', '123');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledWith({ phone: '123' });
    expect(draft.getSnapshot().errors.name).toBe('Введите ФИО');
    expect(draft.getSnapshot().values.name).toBe('');
  });

  it('keeps one save in flight and sends what was typed meanwhile right after', async () => {
    const first = deferred();
    const save = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue(undefined);
    const draft = new AutosaveDraft<Fields>({ name: 'Иван', phone: '' }, { delayMs: 500, save });
    draft.set('phone', '1');
    await vi.advanceTimersByTimeAsync(500);
    draft.set('phone', '12');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(draft.getSnapshot().pending).toBe(true);
    first.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ phone: '12' });
  });

  it("adopts the server's values only for fields the user is not editing", () => {
    const draft = new AutosaveDraft<Fields>(
      { name: 'Иван', phone: '1' },
      { delayMs: 500, save: async () => {} },
    );
    draft.set('phone', '1-typing');
    draft.receive({ name: 'Иван Петрович', phone: '1' });
    expect(draft.getSnapshot().values).toEqual({ name: 'Иван Петрович', phone: '1-typing' });
  });

  it('a stale answer does not undo newer typing', async () => {
    const first = deferred();
    const save = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue(undefined);
    const draft = new AutosaveDraft<Fields>({ name: 'Иван', phone: '' }, { delayMs: 500, save });
    draft.set('phone', '1');
    await vi.advanceTimersByTimeAsync(500);
    draft.set('phone', '12');
    draft.receive({ name: 'Иван', phone: '1' }); // the answer to the first save
    first.resolve();
    await vi.advanceTimersByTimeAsync(500);
    expect(draft.getSnapshot().values.phone).toBe('12');
    expect(save).toHaveBeenLastCalledWith({ phone: '12' });
  });

  it('keeps a failed change unsaved and reports the error', async () => {
    const onError = vi.fn();
    const save = vi
      .fn()
      .mockRejectedValueOnce(new Error('Нет связи с сервером'))
      .mockResolvedValue(undefined);
    const draft = new AutosaveDraft<Fields>({ name: 'Иван', phone: '' }, { delayMs: 500, save, onError });
    draft.set('phone', '5');
    await vi.advanceTimersByTimeAsync(500);
    expect(onError).toHaveBeenCalled();
    expect(draft.hasUnsavedChanges()).toBe(true);
    await draft.flush();
    expect(save).toHaveBeenLastCalledWith({ phone: '5' });
    expect(draft.hasUnsavedChanges()).toBe(false);
  });
});
