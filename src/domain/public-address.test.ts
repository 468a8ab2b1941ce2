import { describe, expect, it } from 'vitest';
import { isOpenableOutside, publicAddressInput } from './public-address';

describe('isOpenableOutside', () => {
  it('is false for this computer, the shop’s network and names only it knows', () => {
    for (const origin of [
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
      'http://172.20.1.1',
      'http://169.254.3.4',
      'http://100.72.0.1',
      'http://[::1]:3000',
      'http://[fd12::1]',
      'http://shop-pc:3000',
      'http://remont.local',
      'http://server.lan',
      'http://localhost.:3000',
      'http://shop.local.',
      'http://[::ffff:127.0.0.1]',
      'http://[::ffff:c0a8:105]',
      'http://[64:ff9b::7f00:1]',
      'http://[fec0::1]',
      'http://224.0.0.1',
    ]) {
      expect(isOpenableOutside(origin), origin).toBe(false);
    }
  });

  it('is true for a public name or address', () => {
    for (const origin of ['https://remont.example.ru', 'http://203.0.113.7:8080', 'https://172.32.0.1']) {
      expect(isOpenableOutside(origin), origin).toBe(true);
    }
  });
});

describe('publicAddressInput', () => {
  const parse = (address: string) => publicAddressInput.safeParse({ address });

  it('keeps the site’s origin, adding https:// when left out', () => {
    expect(parse('https://remont.example.ru/').data?.address).toBe('https://remont.example.ru');
    expect(parse('  remont.example.ru ').data?.address).toBe('https://remont.example.ru');
    expect(parse('http://203.0.113.7:8080').data?.address).toBe('http://203.0.113.7:8080');
    expect(parse('').data?.address).toBe('');
  });

  it('refuses a path, another scheme, and a local address, in Russian', () => {
    expect(parse('https://remont.example.ru/app').error?.issues[0]?.message).toMatch(/без пути/);
    expect(parse('ftp://remont.example.ru').error?.issues[0]?.message).toMatch(/https:\/\//);
    expect(parse('http://192.168.1.20:3000').error?.issues[0]?.message).toBe(
      '192.168.1.20:3000 открывается только внутри вашей сети: клиент не сможет открыть такую ссылку. Укажите адрес, доступный из интернета.',
    );
    expect(parse('https://exa mple').error?.issues[0]?.message).toMatch(/не похож на адрес сайта/);
  });
});
