import { Anchor } from '@mantine/core';

/**
 * «Выгрузить в CSV» (issue 21): the list on screen, with its filters, as a file Russian Excel
 * opens as is. A plain download link: the server streams it, however long the list.
 */
export function ExportLink({
  list,
  params,
}: {
  list: 'work' | 'tickets' | 'tasks' | 'clients';
  params: URLSearchParams;
}) {
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
