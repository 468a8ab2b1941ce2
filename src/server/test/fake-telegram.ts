import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api): `getMe`,
// `sendMessage` and long-polling `getUpdates` at `/bot<token>/<method>`, answering `{ ok, result }`
// or `{ ok: false, error_code, description }` as Telegram does. `/_fake/*` lets a test (or the
// Playwright journey) play the client: write to the bot, and read what the bot wrote.

export interface BotMessage {
  chat_id: string;
  text: string;
}

export type TelegramMode = 'ok' | 'down' | 'blocked';

export const FAKE_BOT_TOKEN = '123456789:AAHfakeTokenForTestsOnly_abcdefghijkl';

export async function startFakeTelegram(token = FAKE_BOT_TOKEN, username = 'glz_test_bot', listenOn = 0) {
  const sent: BotMessage[] = [];
  const updates: { update_id: number; message: { chat: { id: number }; text: string } }[] = [];
  const waiting = new Set<() => void>();
  let nextUpdate = 1;
  let mode: TelegramMode = 'ok';
  let pollers = 0;
  let overlaps = 0;

  const json = (res: http.ServerResponse, body: unknown, status = 200) => {
    if (!res.writableEnded)
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const pending = (offset: number) => updates.filter((update) => update.update_id >= offset);

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return json(res, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' }, 400);
      }
      if (path === '/_fake/send') {
        const update = {
          update_id: nextUpdate++,
          message: { chat: { id: Number(body.chatId) }, text: String(body.text) },
        };
        updates.push(update);
        for (const wake of waiting) wake();
        return json(res, { ok: true });
      }
      if (path === '/_fake/sent') return json(res, { ok: true, result: sent });
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(path);
      if (!match || match[1] !== token) {
        return json(res, { ok: false, error_code: 401, description: 'Unauthorized' }, 401);
      }
      const method = match[2];
      if (mode === 'down') return json(res, { ok: false, error_code: 502, description: 'Bad Gateway' }, 502);
      if (method === 'getMe') {
        return json(res, {
          ok: true,
          result: { id: 123456789, is_bot: true, first_name: 'Сервис', username },
        });
      }
      if (method === 'sendMessage') {
        if (mode === 'blocked') {
          return json(
            res,
            { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
            403,
          );
        }
        sent.push({ chat_id: String(body.chat_id), text: String(body.text) });
        return json(res, {
          ok: true,
          result: { message_id: sent.length, chat: { id: Number(body.chat_id) }, text: body.text },
        });
      }
      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        // Telegram refuses a second getUpdates while one waits: 409 Conflict.
        if (pollers > 0) {
          overlaps += 1;
          return json(
            res,
            { ok: false, error_code: 409, description: 'Conflict: terminated by other getUpdates request' },
            409,
          );
        }
        const answer = () => {
          pollers -= 1;
          json(res, { ok: true, result: pending(offset) });
        };
        pollers += 1;
        if (pending(offset).length > 0) return answer();
        const wait = Math.min(Number(body.timeout ?? 0), 50) * 1000;
        const done = () => {
          waiting.delete(done);
          clearTimeout(timer);
          answer();
        };
        const timer = setTimeout(done, wait);
        waiting.add(done);
        res.on('close', () => {
          if (waiting.has(done)) {
            waiting.delete(done);
            clearTimeout(timer);
            pollers -= 1;
          }
        });
        return;
      }
      return json(res, { ok: false, error_code: 404, description: 'Not Found' }, 404);
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    token,
    username,
    sent,
    /** How often a second getUpdates came while one waited. */
    overlaps: () => overlaps,
    /** The client writes to the bot. */
    clientSends(chatId: number, text: string) {
      updates.push({ update_id: nextUpdate++, message: { chat: { id: chatId }, text } });
      for (const wake of waiting) wake();
    },
    setMode(next: TelegramMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of waiting) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
