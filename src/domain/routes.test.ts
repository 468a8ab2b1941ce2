import { describe, expect, it } from 'vitest';
import { isAppPage } from './routes';

describe('isAppPage', () => {
  it.each([
    ['/', true],
    ['/login', true],
    ['/register/', true],
    ['/app', true],
    ['/app/work', true],
    ['/app/anything/deep', true],
    ['/apple', false],
    ['/admin', false],
    ['/login/extra', false],
  ])('%s -> %s', (path, expected) => {
    expect(isAppPage(path)).toBe(expected);
  });
});
