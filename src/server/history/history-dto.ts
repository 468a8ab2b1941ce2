import type { HistoryEntryDto } from '../../domain/history';
import { isTicketStatus } from '../../domain/ticket-status';
import { displayFileName } from '../files/file-names';
import type { HistoryRow } from './history.repository';

export function toHistoryDto(row: HistoryRow): HistoryEntryDto {
  return {
    id: row.id,
    ts: row.ts,
    userId: row.user_id,
    userName: row.user_name,
    action: row.action,
    note: row.note,
    oldValue: row.old_value,
    newValue: row.new_value,
    newStatus: row.new_status !== null && isTicketStatus(row.new_status) ? row.new_status : null,
    file:
      row.f_id === null
        ? null
        : {
            id: row.f_id,
            name: displayFileName(row.f_name ?? ''),
            url: `/api/files/${row.f_id}`,
            thumbUrl: row.f_thumb_path ? `/api/files/${row.f_id}/thumb` : null,
            type: row.f_mime ?? '',
          },
  };
}
