import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for SMS.RU's HTTP API (https://sms.ru/api), answering as its documentation
// says: `sms/send`, `sms/status` and `my/balance`, form fields in, JSON out (`json=1`).

export interface SentSms {
  to: string;
  msg: string;
  from: string | undefined;
  smsId: string;
}

export type SmsMode =
  /** Takes every message. */
  | 'ok'
  /** Answers 503, as a gateway that is down. */
  | 'down'
  /** Refuses the request: not enough money (201). */
  | 'no-money'
  /** Refuses the number (202, in the per-number answer). */
  | 'bad-number'
  /** Holds the answer longer than anyone waits. */
  | 'hang';

export async function startFakeSmsRu(apiId = 'test-api-id', listenOn = 0) {
  const sent: SentSms[] = [];
  const requests: string[] = [];
  const delivery = new Map<string, number>();
  let mode: SmsMode = 'ok';
  let delayMs = 0;
  let next = 1;

  const json = (res: http.ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      requests.push(path);
      const form = new URLSearchParams(raw);
      const answer = () => {
        if (mode === 'hang') return; // never answers: the client's timeout must cut it
        if (mode === 'down') return json(res, { error: 'Service Unavailable' }, 503);
        if (form.get('api_id') !== apiId) {
          return json(res, { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' });
        }
        if (path === '/my/balance') return json(res, { status: 'OK', status_code: 100, balance: 512.5 });
        if (path === '/sms/status') {
          const id = form.get('sms_id') ?? '';
          const code = delivery.get(id) ?? 103;
          return json(res, {
            status: 'OK',
            status_code: 100,
            sms: {
              [id]: {
                status: 'OK',
                status_code: code,
                status_text: code === 103 ? 'Сообщение доставлено' : 'Не доставлено',
              },
            },
          });
        }
        if (path !== '/sms/send')
          return json(res, { status: 'ERROR', status_code: 211, status_text: 'Метод не найден' });
        if (mode === 'no-money') {
          return json(res, {
            status: 'ERROR',
            status_code: 201,
            status_text: 'Не хватает средств на лицевом счету',
          });
        }
        const to = form.get('to') ?? '';
        if (mode === 'bad-number') {
          return json(res, {
            status: 'OK',
            status_code: 100,
            sms: {
              [to]: {
                status: 'ERROR',
                status_code: 202,
                status_text: 'Неправильно указан номер телефона получателя',
              },
            },
            balance: 500,
          });
        }
        const smsId = `000000-${String(next++).padStart(7, '0')}`;
        sent.push({ to, msg: form.get('msg') ?? '', from: form.get('from') ?? undefined, smsId });
        return json(res, {
          status: 'OK',
          status_code: 100,
          sms: { [to]: { status: 'OK', status_code: 100, sms_id: smsId } },
          balance: 500,
        });
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiId,
    sent,
    requests,
    setMode(next: SmsMode) {
      mode = next;
    },
    /** Answers this much later (a slow gateway). */
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** What sms/status says of a message (103 delivered, 104… not). */
    setDelivery(smsId: string, code: number) {
      delivery.set(smsId, code);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeSmsRu = Awaited<ReturnType<typeof startFakeSmsRu>>;
