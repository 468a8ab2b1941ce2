import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportMappingInput } from '../../../../domain/crm-import-schemas';
import type { ImportBatchDto, ImportPreviewDto } from '../../../../domain/sheet-import-dto';
import { api } from '../../../lib/api';

const BATCHES = ['settings', 'sheet-import'] as const;

function formOf(file: File, mapping: ImportMappingInput | null): FormData {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('files', file, file.name);
  return form;
}

/** What the file holds and what an import with these choices would make (nothing is written). */
export function usePreviewSheet() {
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMappingInput | null }) =>
      api<ImportPreviewDto>('/api/sheet-import/preview', { method: 'POST', body: formOf(file, mapping) }),
  });
}

export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMappingInput }) =>
      api<{ batch: ImportBatchDto }>('/api/sheet-import', { method: 'POST', body: formOf(file, mapping) }),
    // The batch as it started (nothing written yet) shows at once; its reads follow.
    onSuccess: ({ batch }) => {
      client.setQueryData([...BATCHES, batch.id], batch);
      void client.invalidateQueries({ queryKey: [...BATCHES, 'list'] });
    },
  });
}

/** A batch under way, read again every second until it ends. */
export function useImportBatch(id: number | null) {
  return useQuery({
    queryKey: [...BATCHES, id],
    queryFn: async () => (await api<{ batch: ImportBatchDto }>(`/api/sheet-import/${id}`)).batch,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' || !query.state.data ? 700 : false),
    // Read again at once: the answer it started with is already old.
    staleTime: 0,
  });
}

export function useImportBatches() {
  return useQuery({
    queryKey: [...BATCHES, 'list'],
    queryFn: async () => (await api<{ batches: ImportBatchDto[] }>('/api/sheet-import')).batches,
    refetchInterval: (query) => (query.state.data?.some((batch) => batch.state === 'running') ? 1500 : false),
  });
}

export function useUndoImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ batch: ImportBatchDto }>(`/api/sheet-import/${id}/undo`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: BATCHES }),
  });
}
