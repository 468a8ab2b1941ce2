import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PublicAddressDto } from '../../domain/public-address';
import type { DB } from '../db/schema';
import { readSetting, writeSetting } from './settings.repository';

const KEY = 'public_address';

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

/** Answers the server's own check: a token it handed out moments ago proves the address reaches it. */
export function createAddressProbe(fetchAddress: typeof fetch = fetch) {
  const pending = new Set<string>();
  return {
    knows: (token: string) => pending.has(token),
    /**
     * Asks `address` for a fresh token's page: true only if this very server answered. A router
     * that cannot reach its own public address from inside (no NAT loopback) fails this too —
     * hence the admin's «Сохранить без проверки».
     */
    async reaches(address: string, timeoutMs = 5000): Promise<string | null> {
      const token = randomBytes(16).toString('hex');
      pending.add(token);
      try {
        const response = await fetchAddress(`${address}/api/address-check/${token}`, {
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'follow',
        });
        if (response.status === 204) return null;
        return `по адресу ${address} отвечает другой сервер (код ${response.status})`;
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? 'нет ответа за 5 секунд'
            : describe(error);
        return `${address} не отвечает: ${reason}`;
      } finally {
        pending.delete(token);
      }
    },
  };
}
export type AddressProbe = ReturnType<typeof createAddressProbe>;

function describe(error: unknown): string {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'такое имя не найдено (DNS)';
  if (code === 'ECONNREFUSED') return 'соединение отклонено';
  if (code === 'ECONNRESET') return 'соединение сброшено';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return 'ошибка сертификата HTTPS';
  return 'не удалось соединиться';
}
