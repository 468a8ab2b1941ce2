import { describe, expect, it } from 'vitest';
import { firstRunBanner, lanAddresses, openAddresses } from './first-run-banner';

describe('the first-run banner', () => {
  it('boxes the code, the rule about the first account and every address to register at', () => {
    const banner = firstRunBanner('GL Задачи', 'ABCDE-FGHJK', [
      'http://192.168.1.20:3000',
      'http://localhost:3000',
    ]);
    const lines = banner.split('\n');
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    // Every line of the box is as wide as the frame.
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(banner).toContain('Код приглашения: ABCDE-FGHJK');
    expect(banner).toContain('станет владельцем');
    expect(banner).toContain('http://192.168.1.20:3000/register');
    expect(banner).toContain('npm run invite-code');
  });

  it('lists the LAN addresses only (IPv4, not loopback) and what to open for the listening host', () => {
    const lan = lanAddresses({
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true } as never],
      eth0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false } as never,
        { address: 'fe80::1', family: 'IPv6', internal: false } as never,
      ],
    });
    expect(lan).toEqual(['192.168.1.20']);
    expect(openAddresses('0.0.0.0', 3000, lan)).toEqual([
      'http://192.168.1.20:3000',
      'http://localhost:3000',
    ]);
    expect(openAddresses('127.0.0.1', 3000, lan)).toEqual(['http://127.0.0.1:3000']);
    expect(openAddresses('0.0.0.0', 3000, lan, 'https://tasks.example.ru/')).toEqual([
      'https://tasks.example.ru',
      'http://192.168.1.20:3000',
      'http://localhost:3000',
    ]);
  });
});
