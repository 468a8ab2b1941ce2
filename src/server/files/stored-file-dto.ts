import type { StoredFileDto } from '../../domain/ticket-schemas';
import { displayFileName } from './file-names';
import type { FileRow } from './files.repository';

export function toStoredFileDto(row: FileRow): StoredFileDto {
  return {
    id: row.id,
    // A comment's photo is a photo where it is shown (the thread).
    kind: row.kind === 'pvz' || row.kind === 'photo' ? row.kind : row.kind === 'comment' ? 'photo' : 'file',
    // Cleaned again on the way out: names stored before the rule (or imported) too.
    name: displayFileName(row.name),
    size: row.size,
    type: row.mime,
    url: `/api/files/${row.id}`,
    thumbUrl: row.thumb_path ? `/api/files/${row.id}/thumb` : null,
    ts: row.created_at,
    uploadedBy: row.uploaded_by_name,
  };
}
