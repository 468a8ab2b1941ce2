import type { Kysely } from 'kysely';
import { todayIn } from '../../domain/due-marks';
import {
  earnedOn,
  monthDays,
  NO_RULE,
  PAY_ALREADY_PAID,
  PAY_CHANGED,
  PAY_CORRECTION_FOR_MONTH,
  PAY_CORRECTION_INTO_PAID,
  PAY_MONTH_NOT_OVER,
  statementTotal,
  type PayCorrectionDto,
  type PayPersonDto,
  type PayRepairLine,
  type PayRule,
  type PayStatementDto,
} from '../../domain/pay';
import { daysInZone } from '../../domain/status-limits';
import { isoNow, type Clock } from '../clock';
import type { DB } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { Actor } from '../http/actor';
import { closedIn, marginOf } from '../reports/margin-report';

interface Snapshot {
  rule: PayRule;
  repairs: PayRepairLine[];
  corrections: PayCorrectionDto[];
  salary: number;
}

/**
 * Technician pay (issue 53, src/domain/pay.ts): rules, a month's statement read live until it is
 * paid and from its snapshot after, corrections into months not yet paid.
 */
export function createPay({
  db,
  clock,
  timeZone,
}: {
  db: Kysely<DB>;
  clock: Clock;
  timeZone: () => Promise<string>;
}) {
  async function ruleOf(userId: number): Promise<PayRule> {
    const row = await db.selectFrom('pay_rules').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row
      ? {
          worksShare: row.works_share,
          marginShare: row.margin_share,
          perRepair: row.per_repair,
          salary: row.salary,
        }
      : NO_RULE;
  }

  async function person(userId: number) {
    const row = await db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 'Сотрудник не найден');
    return row;
  }

  /** The repairs a person closed in the month, as they read now, each earning by `rule`. */
  async function repairsOf(userId: number, month: string, rule: PayRule): Promise<PayRepairLine[]> {
    const days = monthDays(month);
    const range = daysInZone(days.from, days.to, await timeZone());
    const closed = await closedIn(db, range)
      .select(['id', 'title', 'closed_at', 'lines_total', 'works_total', 'parts_cost'])
      .where('assignee_id', '=', userId)
      .orderBy('closed_at')
      .orderBy('id')
      .execute();
    return closed.map((row) => {
      const { works, margin } = marginOf(row);
      return {
        ticketId: row.id,
        title: row.title,
        closedAt: row.closed_at ?? '',
        works,
        margin,
        earned: earnedOn(rule, { works, margin }),
      };
    });
  }

  async function correctionsOf(userId: number, month: string): Promise<PayCorrectionDto[]> {
    const rows = await db
      .selectFrom('pay_corrections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      reason: row.reason,
      forMonth: row.for_month,
      createdAt: row.created_at,
      createdByName: row.created_by_name,
    }));
  }

  async function paidRow(userId: number, month: string) {
    return db
      .selectFrom('pay_statements')
      .selectAll()
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .executeTakeFirst();
  }

  async function live(userId: number, month: string) {
    const rule = await ruleOf(userId);
    const [repairs, corrections] = await Promise.all([
      repairsOf(userId, month, rule),
      correctionsOf(userId, month),
    ]);
    return { rule, repairs, corrections, salary: rule.salary };
  }

  async function statement(userId: number, month: string): Promise<PayStatementDto> {
    const who = await person(userId);
    const paid = await paidRow(userId, month);
    if (!paid) {
      const now = await live(userId, month);
      return {
        userId,
        userName: who.display_name,
        month,
        ...now,
        total: statementTotal(now.repairs, now.salary, now.corrections),
        paid: null,
        changedSincePaid: 0,
      };
    }
    const snapshot = JSON.parse(paid.snapshot) as Snapshot;
    // How the paid month's repairs read now, by the rule it was paid at…
    const repairsNow = await repairsOf(userId, month, snapshot.rule);
    // …less what was paid for them and less what corrections have paid out since.
    const correctedSince = await db
      .selectFrom('pay_corrections')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('sum'))
      .where('user_id', '=', userId)
      .where('for_month', '=', month)
      .executeTakeFirstOrThrow();
    const earned = (lines: readonly PayRepairLine[]) => lines.reduce((total, line) => total + line.earned, 0);
    return {
      userId,
      userName: who.display_name,
      month,
      ...snapshot,
      total: paid.total,
      paid: { at: paid.paid_at, byName: paid.paid_by_name },
      changedSincePaid: earned(repairsNow) - earned(snapshot.repairs) - Number(correctedSince.sum ?? 0),
    };
  }

  return {
    statement,

    async people(): Promise<PayPersonDto[]> {
      const rows = await db
        .selectFrom('users')
        .leftJoin('pay_rules', 'pay_rules.user_id', 'users.id')
        .select([
          'users.id',
          'users.display_name',
          'users.role',
          'users.disabled_at',
          'pay_rules.works_share',
          'pay_rules.margin_share',
          'pay_rules.per_repair',
          'pay_rules.salary',
        ])
        // Someone who has left is still paid for their last months: listed while they have a rule.
        .where((eb) => eb.or([eb('users.disabled_at', 'is', null), eb('pay_rules.user_id', 'is not', null)]))
        .orderBy('users.display_name')
        .execute();
      return rows.map((row) => ({
        userId: row.id,
        name: row.display_name,
        role: row.role,
        disabled: row.disabled_at !== null,
        rule: {
          worksShare: row.works_share ?? 0,
          marginShare: row.margin_share ?? 0,
          perRepair: Number(row.per_repair ?? 0),
          salary: Number(row.salary ?? 0),
        },
      }));
    },

    /** A rule applies to every month not yet paid; a paid month keeps the rule it was paid at. */
    async setRule(userId: number, rule: PayRule): Promise<void> {
      await person(userId);
      const values = {
        works_share: rule.worksShare,
        margin_share: rule.marginShare,
        per_repair: rule.perRepair,
        salary: rule.salary,
        updated_at: isoNow(clock),
      };
      await db
        .insertInto('pay_rules')
        .values({ user_id: userId, ...values })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({ ...values, version: eb('pay_rules.version', '+', 1) })),
        )
        .execute();
    },

    /**
     * Marks a month paid as the person saw it: refused when it changed since (the total differs)
     * or when someone paid it first (the unique person-and-month key).
     */
    async markPaid(
      actor: Actor,
      userId: number,
      month: string,
      expectedTotal: number,
    ): Promise<PayStatementDto> {
      await person(userId);
      if (monthDays(month).from > todayIn(await timeZone(), clock.now())) {
        throw new AppError('bad_request', PAY_MONTH_NOT_OVER);
      }
      if (await paidRow(userId, month)) throw new AppError('conflict', PAY_ALREADY_PAID);
      const now = await live(userId, month);
      const total = statementTotal(now.repairs, now.salary, now.corrections);
      if (total !== expectedTotal) throw new AppError('conflict', PAY_CHANGED);
      let written: { id: number };
      try {
        written = await db
          .insertInto('pay_statements')
          .values({
            user_id: userId,
            month,
            snapshot: JSON.stringify(now satisfies Snapshot),
            total,
            paid_at: isoNow(clock),
            paid_by_name: actor.displayName,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', PAY_ALREADY_PAID);
        throw error;
      }
      // A correction written between reading the month and storing it would sit in a paid month
      // unpaid: the payment is taken back and the person shown the month again.
      const after = await correctionsOf(userId, month);
      if (after.length !== now.corrections.length) {
        await db.deleteFrom('pay_statements').where('id', '=', written.id).execute();
        throw new AppError('conflict', PAY_CHANGED);
      }
      return statement(userId, month);
    },

    /** A correction goes into a month not yet paid; a paid month is never written again. */
    async addCorrection(
      actor: Actor,
      userId: number,
      input: { month: string; amount: number; reason: string; forMonth: string | null },
    ): Promise<PayStatementDto> {
      await person(userId);
      if (await paidRow(userId, input.month)) throw new AppError('conflict', PAY_CORRECTION_INTO_PAID);
      // It settles a paid month before this one, or it would count twice (ADR 053).
      if (
        input.forMonth !== null &&
        (input.forMonth >= input.month || !(await paidRow(userId, input.forMonth)))
      ) {
        throw new AppError('bad_request', PAY_CORRECTION_FOR_MONTH);
      }
      const written = await db
        .insertInto('pay_corrections')
        .values({
          user_id: userId,
          month: input.month,
          for_month: input.forMonth,
          amount: input.amount,
          reason: input.reason,
          created_at: isoNow(clock),
          created_by_name: actor.displayName,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Paid in the instant between the check and the write, without it: taken back, not hidden.
      const paidMeanwhile = await paidRow(userId, input.month);
      if (paidMeanwhile) {
        const snapshot = JSON.parse(paidMeanwhile.snapshot) as Snapshot;
        if (!snapshot.corrections.some((correction) => correction.id === written.id)) {
          await db.deleteFrom('pay_corrections').where('id', '=', written.id).execute();
          throw new AppError('conflict', PAY_CORRECTION_INTO_PAID);
        }
      }
      return statement(userId, input.month);
    },
  };
}
export type Pay = ReturnType<typeof createPay>;
