import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from './server-clock';

describe('server clock: the day is the server’s when this device’s clock is off', () => {
  afterEach(() => noteServerDate(new Date().toUTCString()));

  it('follows a server three hours ahead of a phone set wrong', () => {
    const phone = Date.now();
    noteServerDate(new Date(phone + 3 * 3_600_000).toUTCString(), phone);
    expect(serverNow().getTime() - Date.now()).toBeGreaterThan(3 * 3_600_000 - 2_000);
  });

  it('ignores a second or a slow answer, and a header it cannot read', () => {
    const phone = Date.now();
    noteServerDate(new Date(phone + 3 * 3_600_000).toUTCString(), phone);
    noteServerDate(new Date(phone - 40_000).toUTCString(), phone);
    expect(Math.abs(serverNow().getTime() - Date.now())).toBeLessThan(1_000);
    noteServerDate(new Date(phone + 3 * 3_600_000).toUTCString(), phone);
    noteServerDate('вчера', phone);
    noteServerDate(null, phone);
    expect(serverNow().getTime() - Date.now()).toBeGreaterThan(3 * 3_600_000 - 2_000);
  });
});
