import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import type { Kysely } from 'kysely';
import { isOpenableOutside, type PublicAddressDto } from '../../domain/public-address';
import type { DB } from '../db/schema';
import { readSetting, writeSetting, writeSettingOnce } from './settings.repository';

const KEY = 'public_address';
const SECRET_KEY = 'address_check_secret';
const TOKEN_LIFE_MS = 60_000;

/**
 * The shop's public address (issue 48): PUBLIC_URL when the environment sets it, else what an
 * admin saved in «Настройки», else none — then no client link is sent or printed.
 */
export function createPublicAddress(db: Kysely<DB>, fromEnvironment: string | undefined) {
  const environment = fromEnvironment ? fromEnvironment.replace(/\/+$/, '') : null;
  return {
    async get(): Promise<string | null> {
      return environment ?? ((await readSetting(db, KEY)) || null);
    },
    async status(): Promise<PublicAddressDto> {
      return { address: await this.get(), fromEnvironment: environment !== null };
    },
    /** '' clears it. */
    async set(address: string): Promise<void> {
      await writeSetting(db, KEY, address);
    },
  };
}
export type PublicAddress = ReturnType<typeof createPublicAddress>;

/**
 * The server's check that an address reaches it. The token it asks for is signed with a secret
 * kept in the database and good for a minute, so that any instance of the shop behind the
 * address (several on one PostgreSQL) answers it, and nothing else can.
 */
export function createAddressProbe(db: Kysely<DB>, fetchAddress: typeof fetch = fetch) {
  let secret: Promise<string> | undefined;
  const secretOf = () => (secret ??= writeSettingOnce(db, SECRET_KEY, randomBytes(32).toString('hex')));
  const sign = async (expires: string) =>
    createHmac('sha256', await secretOf())
      .update(expires)
      .digest('hex');

  return {
    async knows(token: string): Promise<boolean> {
      const [expires = '', signature = ''] = token.split('.');
      if (!/^\d+$/.test(expires) || Number(expires) < Date.now()) return false;
      const expected = Buffer.from(await sign(expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    /**
     * Asks `address` for a fresh token's page: null when this shop's server answered, else why
     * not, in Russian. A router that cannot reach its own public address from inside (no NAT
     * loopback) fails this too — hence the admin's «Сохранить без проверки».
     */
    async reaches(address: string, timeoutMs = 5000): Promise<string | null> {
      const local = await resolvesLocally(address);
      if (local) return local;
      const expires = String(Date.now() + TOKEN_LIFE_MS);
      const token = `${expires}.${await sign(expires)}`;
      try {
        // No redirects followed, and no foreign answer echoed: an admin's check is not a way to
        // look around the server's own network.
        const response = await fetchAddress(`${address}/api/address-check/${token}`, {
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'manual',
        });
        await response.body?.cancel();
        return response.status === 204 ? null : `по адресу ${address} отвечает другой сервер`;
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `нет ответа за ${Math.round(timeoutMs / 1000)} с`
            : describe(error);
        return `${address} не отвечает (${reason})`;
      }
    },
  };
}
export type AddressProbe = ReturnType<typeof createAddressProbe>;

/** A name that resolves to this computer or the shop's own network: clients could not open it. */
async function resolvesLocally(address: string): Promise<string | null> {
  const { hostname } = new URL(address);
  if (/^\[|^\d+\.\d+\.\d+\.\d+$/.test(hostname)) return null; // a literal address, judged by the schema
  try {
    const found = await lookup(hostname, { all: true });
    const inside = found.find(
      ({ address: ip }) => !isOpenableOutside(`http://${ip.includes(':') ? `[${ip}]` : ip}`),
    );
    return inside
      ? `${hostname} ведёт в вашу сеть (${inside.address}): клиент не сможет открыть такую ссылку`
      : null;
  } catch {
    return null; // not resolved here: the request below says so
  }
}

function describe(error: unknown): string {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'такое имя не найдено';
  if (code === 'ECONNREFUSED') return 'соединение отклонено';
  if (code === 'ECONNRESET') return 'соединение сброшено';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return 'ошибка сертификата HTTPS';
  return 'не удалось соединиться';
}
