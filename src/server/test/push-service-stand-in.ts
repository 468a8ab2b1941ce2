import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { PushMessage } from '../../domain/push-message';
import type { PushSubscriptionInput } from '../../domain/push-schemas';

// A self-signed certificate for 127.0.0.1, valid until 2126, used by nothing but tests.
const fixtures = path.join(import.meta.dirname, 'fixtures');
const CERT = fs.readFileSync(path.join(fixtures, 'push-stand-in.crt'));
const KEY = fs.readFileSync(path.join(fixtures, 'push-stand-in.key'));

const pathOf = (subscription: BrowserSubscription) => new URL(subscription.endpoint).pathname;

/** Give this to buildApp({ push: { agent } }) so the server trusts the stand-in's certificate. */
export const standInAgent = new https.Agent({ ca: CERT });

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A Web Push service on 127.0.0.1 (RFC 8030): records each POST and answers with the
 * status the test chose for that subscription (201 by default).
 */
export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  private readonly answers = new Map<string, number[]>();
  private readonly held = new Map<string, Promise<void>>();
  private server = https.createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const requestPath = req.url ?? '';
      this.received.push({ path: requestPath, headers: req.headers, body: Buffer.concat(chunks) });
      const queued = this.answers.get(requestPath);
      const status = queued?.shift() ?? 201;
      void (this.held.get(requestPath) ?? Promise.resolve()).then(() => res.writeHead(status).end());
    });
  });
  private origin = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next answers for a subscription, in order, e.g. [503, 503] then the default 201. */
  answer(subscription: BrowserSubscription, ...statuses: number[]) {
    this.answers.set(pathOf(subscription), statuses);
  }

  /** Keeps the stand-in from answering for a subscription until the returned function is called. */
  hold(subscription: BrowserSubscription): () => void {
    let release = () => {};
    this.held.set(pathOf(subscription), new Promise<void>((resolve) => (release = resolve)));
    return () => release();
  }

  to(subscription: BrowserSubscription): ReceivedPush[] {
    const wanted = pathOf(subscription);
    return this.received.filter((push) => push.path === wanted);
  }

  get audience() {
    return this.origin;
  }

  /** What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret. */
  newSubscription(): BrowserSubscription {
    return new BrowserSubscription(`${this.origin}/push/${randomBytes(12).toString('hex')}`);
  }
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

export class BrowserSubscription {
  private readonly ecdh = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);
  readonly publicKey: Buffer;

  constructor(readonly endpoint: string) {
    this.publicKey = this.ecdh.generateKeys();
  }

  toJSON(): PushSubscriptionInput {
    return {
      endpoint: this.endpoint,
      keys: { p256dh: this.publicKey.toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /** Decrypts an aes128gcm body as the browser would (RFC 8291 §3.4, RFC 8188 §2). */
  decrypt(body: Buffer): PushMessage {
    const salt = body.subarray(0, 16);
    const keyIdLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + keyIdLength);
    const record = body.subarray(21 + keyIdLength);

    const sharedSecret = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, serverKey]);
    const ikm = hmac(hmac(this.authSecret, sharedSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then optional zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('not a final aes128gcm record');
    return JSON.parse(padded.subarray(0, end).toString('utf8')) as PushMessage;
  }
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): the key is the expected
 * one and the ES256 signature verifies with it. Returns the JWT's claims.
 */
export function verifyVapid(authorization: string | undefined, expectedPublicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt = '', key = ''] = match;
  if (key !== expectedPublicKey) throw new Error('VAPID key is not the server public key');
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (parsedHeader.alg !== 'ES256') throw new Error(`VAPID alg ${parsedHeader.alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}
