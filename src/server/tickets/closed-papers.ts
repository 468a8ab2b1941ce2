import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EMPTY_SHOP_PROFILE, type ShopProfileValues } from '../../domain/shop-profile';
import type { DB } from '../db/schema';
import { printedTypeTitle } from '../../domain/ticket-types';
import type { Actor } from '../http/actor';
import { readSetting } from '../settings/settings.repository';
import { parseVersionedValues } from '../settings/versioned-setting';
import type { TicketRow } from './tickets.repository';

// What a closed ticket's papers print from outside the ticket itself, as it was at closing
// (issue 49): the ticket's own fields are locked while it is closed, but the client, the type
// and the shop's requisites can change, and a reprinted act must match the signed one.

export interface ClosedPapers {
  clientName: string;
  clientPhone: string;
  typeTitle: string;
  /** Who closed it: the employee who handed the device over and signs the act. */
  handedOverBy: string;
  shop: ShopProfileValues;
}

interface StoredClosedPapers extends Omit<ClosedPapers, 'shop'> {
  /** paper_headers.digest */
  shop: string;
}

/** Taken in the closing transaction; the shop header is stored once per distinct text. */
export async function takeClosedPapers(trx: Kysely<DB>, row: TicketRow, actor: Actor): Promise<string> {
  const type = await trx
    .selectFrom('ticket_types')
    .select(['name', 'printed_title'])
    .where('name', '=', row.title)
    .executeTakeFirst();
  const header = JSON.stringify(parseShopHeader(await readSetting(trx, 'shop_profile')));
  const digest = createHash('sha256').update(header).digest('hex');
  await trx
    .insertInto('paper_headers')
    .values({ digest, body: header })
    .onConflict((oc) => oc.column('digest').doNothing())
    .execute();
  const stored: StoredClosedPapers = {
    clientName: row.client_name,
    clientPhone: row.client_phone ?? '',
    typeTitle: type ? printedTypeTitle({ name: type.name, printedTitle: type.printed_title }) : row.title,
    handedOverBy: actor.displayName,
    shop: digest,
  };
  return JSON.stringify(stored);
}

/** The papers taken at closing, or null for a ticket closed before they were kept. */
export async function readClosedPapers(db: Kysely<DB>, raw: string | null): Promise<ClosedPapers | null> {
  if (!raw) return null;
  let stored: StoredClosedPapers;
  try {
    stored = JSON.parse(raw) as StoredClosedPapers;
  } catch {
    return null;
  }
  const header = await db
    .selectFrom('paper_headers')
    .select('body')
    .where('digest', '=', stored.shop)
    .executeTakeFirst();
  return {
    clientName: String(stored.clientName ?? ''),
    clientPhone: String(stored.clientPhone ?? ''),
    typeTitle: String(stored.typeTitle ?? ''),
    handedOverBy: String(stored.handedOverBy ?? ''),
    shop: parseShopHeader(header?.body),
  };
}

/** Only the printed fields: the setting's version and editor are not part of a paper. */
function parseShopHeader(raw: string | undefined): ShopProfileValues {
  const stored = parseVersionedValues(raw, EMPTY_SHOP_PROFILE);
  return Object.fromEntries(
    Object.keys(EMPTY_SHOP_PROFILE).map((key) => [key, stored[key as keyof ShopProfileValues]]),
  ) as ShopProfileValues;
}
