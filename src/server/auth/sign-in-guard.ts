import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { AttemptLimiter, type LimitRule } from './attempt-limiter';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Слишком много попыток, попробуйте позже';

export interface AuthLimitRules {
  /** Failed sign-ins from one address (and, counted apart, registrations from it). */
  perIp: LimitRule;
  /** Failed sign-ins for one e-mail from one address. */
  perEmail: LimitRule;
  /**
   * Failed sign-ins for one e-mail from anywhere, past perEmail.limit: every further
   * attempt for it waits `stepMs` longer, at most `maxMs`. A delay, never a wall.
   */
  emailSlowdown: { stepMs: number; maxMs: number };
}

export const AUTH_LIMIT_WINDOW_MS = 15 * 60_000;

export function authLimitRules(perIp: number, perEmail: number): AuthLimitRules {
  return {
    perIp: { limit: perIp, windowMs: AUTH_LIMIT_WINDOW_MS },
    perEmail: { limit: perEmail, windowMs: AUTH_LIMIT_WINDOW_MS },
    emailSlowdown: { stepMs: 1_000, maxMs: 5_000 },
  };
}

export const DEFAULT_AUTH_LIMITS = authLimitRules(30, 10);

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function tooMany(waitMs: number): AppError {
  return new AppError('too_many_requests', TOO_MANY_ATTEMPTS_MESSAGE, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}

/**
 * Who may try a password, and when (docs/decisions/009-sign-in-limits.md). Only
 * failures count, so a shop's whole staff signing in from one address each morning
 * never meets a limit; a wall stands only before the address (or address + e-mail)
 * that failed, so an attacker elsewhere cannot keep the owner out.
 */
export class SignInGuard {
  private readonly failedByIp: AttemptLimiter;
  private readonly failedByPair: AttemptLimiter;
  private readonly failedByEmail: AttemptLimiter;
  private readonly registrationsByIp: AttemptLimiter;

  constructor(
    db: Kysely<DB>,
    private readonly rules: AuthLimitRules,
    clock: Clock,
    private readonly sleep: (ms: number) => Promise<void> = realSleep,
  ) {
    this.failedByIp = new AttemptLimiter(db, 'sign-in-ip', rules.perIp, clock);
    this.failedByPair = new AttemptLimiter(db, 'sign-in-ip-email', rules.perEmail, clock);
    this.failedByEmail = new AttemptLimiter(
      db,
      'sign-in-email',
      { limit: Infinity, windowMs: rules.perEmail.windowMs },
      clock,
    );
    this.registrationsByIp = new AttemptLimiter(db, 'registration-ip', rules.perIp, clock);
  }

  /** Before a password is checked: 429 for a blocked address or pair, a pause for an e-mail under attack. */
  async beforeSignIn(ip: string, email: string): Promise<void> {
    const [byIp, byPair, forEmail] = await Promise.all([
      this.failedByIp.waitMs(ip),
      this.failedByPair.waitMs(pairKey(ip, email)),
      this.failedByEmail.count(email),
    ]);
    const wait = Math.max(byIp, byPair);
    if (wait > 0) throw tooMany(wait);
    const excess = forEmail - this.rules.perEmail.limit;
    if (excess > 0) {
      const { stepMs, maxMs } = this.rules.emailSlowdown;
      await this.sleep(Math.min(excess * stepMs, maxMs));
    }
  }

  async signInFailed(ip: string, email: string): Promise<void> {
    await this.failedByIp.record(ip);
    await this.failedByPair.record(pairKey(ip, email));
    await this.failedByEmail.record(email);
  }

  /** The owner proved who they are from this address: its count for them starts over. */
  async signInSucceeded(ip: string, email: string): Promise<void> {
    await this.failedByPair.reset(pairKey(ip, email));
  }

  /** Registrations need the invite code; each address gets perIp.limit tries per window. */
  async registrationAttempt(ip: string): Promise<void> {
    const wait = await this.registrationsByIp.hit(ip);
    if (wait > 0) throw tooMany(wait);
  }
}

/** An e-mail has no spaces (the schema refuses them), so a space separates the two. */
function pairKey(ip: string, email: string): string {
  return `${ip} ${email}`;
}
