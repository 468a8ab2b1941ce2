import { describe, expect, it } from 'vitest';
import { uploadProblem } from './upload-check';

const MB = 1_048_576;
const limits = { maxUploadBytes: 20 * MB, maxUploadRequestBytes: 100 * MB };

describe('uploadProblem', () => {
  it('passes files within the limits', () => {
    expect(uploadProblem([{ name: 'a.jpg', size: 5 * MB }], limits)).toBeNull();
    expect(uploadProblem([{ name: 'b.jpg', size: 20 * MB }], limits)).toBeNull();
  });
  it('names the file that is too big, with its size and the limit', () => {
    expect(uploadProblem([{ name: 'видео.mp4', size: 25 * MB }], limits)).toBe(
      'Файл «видео.mp4» — 25 МБ, а можно не больше 20 МБ. Ничего не загружено',
    );
    expect(
      uploadProblem(
        [
          { name: 'a.mov', size: 21 * MB },
          { name: 'b.mov', size: 30 * MB },
        ],
        limits,
      ),
    ).toBe('2 файла больше 20 МБ: «a.mov», «b.mov». Ничего не загружено');
  });
  it('refuses a selection larger than one upload may be', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, size: 19 * MB }));
    expect(uploadProblem(six, limits)).toBe(
      'Вместе файлы занимают 114 МБ, а за один раз можно не больше 100 МБ. Загрузите их частями',
    );
  });
});
