import os from 'node:os';

/** This machine's IPv4 addresses on its networks (not loopback): what a phone in the shop opens. */
export function lanAddresses(interfaces = os.networkInterfaces()): string[] {
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((item) => item.family === 'IPv4' && !item.internal)
    .map((item) => item.address);
}

/** The addresses to open the app at, for the host the server listens on. */
export function openAddresses(host: string, port: number, lan: string[], publicUrl?: string): string[] {
  const everywhere = host === '0.0.0.0' || host === '::';
  const hosts = everywhere ? [...lan, 'localhost'] : [host];
  const local = hosts.map((name) => `http://${name}:${port}`);
  return publicUrl ? [publicUrl.replace(/\/+$/, ''), ...local] : local;
}

/**
 * The block printed at every start while no account exists: the invite code and where
 * to register, in plain text in a box, so that it stands out from the log lines.
 */
export function firstRunBanner(appName: string, code: string, addresses: string[]): string {
  const lines = [
    `${appName}: учётных записей ещё нет.`,
    '',
    `Код приглашения: ${code}`,
    'Первая зарегистрированная учётная запись станет владельцем.',
    '',
    'Регистрация — откройте на компьютере или телефоне в этой сети:',
    ...addresses.map((address) => `  ${address}/register`),
    '',
    'Код можно узнать снова: npm run invite-code',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const row = (line: string) => `│ ${line.padEnd(width)} │`;
  return [`┌${'─'.repeat(width + 2)}┐`, ...lines.map(row), `└${'─'.repeat(width + 2)}┘`].join('\n');
}
