import { Anchor } from '@mantine/core';
import { useCan } from '../lib/session';

/**
 * «Выгрузить в CSV» (issue 21): the list on screen, with its filters, as a file Russian Excel
 * opens as is. A plain download link: the server streams it, however long the list. Shown only
 * to whom «Выгрузки CSV» is allowed (issue 52).
 */
export function ExportLink({
  list,
  params,
}: {
  list: 'work' | 'tickets' | 'tasks' | 'clients';
  params: URLSearchParams;
}) {
  const allowed = useCan('export');
  if (!allowed) return null;
  const query = new URLSearchParams(params);
  query.delete('cursor');
  const search = query.toString();
  return (
    <Anchor
      href={`/api/export/${list}.csv${search ? `?${search}` : ''}`}
      download
      size="sm"
      className="tap-target"
    >
      Выгрузить в CSV
    </Anchor>
  );
}
