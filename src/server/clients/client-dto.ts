import { MESSAGE_PREFS, type MessagePref } from '../../domain/client-notices';
import type { ClientDto } from '../../domain/client-schemas';
import type { ClientRow } from './clients.repository';

export function toClientDto(row: ClientRow): ClientDto {
  return {
    id: row.id,
    fullName: row.full_name,
    phone: row.phone,
    warranty: row.warranty,
    address: row.address,
    comment: row.comment,
    whatsappUrl: row.whatsapp_url,
    email: row.email,
    messagePref: (MESSAGE_PREFS as readonly string[]).includes(row.message_pref)
      ? (row.message_pref as MessagePref)
      : 'auto',
    telegramConnected: row.telegram_chat_id !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    deletedAt: row.deleted_at,
    deletedByName: row.deleted_by_name,
  };
}
