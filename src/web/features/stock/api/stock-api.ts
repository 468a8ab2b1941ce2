import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../domain/page';
import type {
  CountResult,
  ImportReport,
  PartDto,
  ReceiptDto,
  StockMoveDto,
  SupplierDto,
} from '../../../../domain/stock';
import type {
  CountInput,
  PartInput,
  PartPatch,
  ReceiptInput,
  SupplierInput,
  SupplierPatch,
} from '../../../../domain/stock-schemas';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { usePagedQuery } from '../../../lib/record-queries';

// Parts and stock (issue 51). Every write refreshes everything under 'stock': the lists are
// small to fetch again, and a live «stock» event does the same for everyone else.

export const usePartList = (params: Record<string, string>) =>
  usePagedQuery<PartDto>(queryKeys.stock.parts(params), '/api/parts', params);

/** A few parts matching a fragment, for a picker (nothing under two characters). */
export const usePartSearch = (q: string) =>
  useQuery({
    queryKey: queryKeys.stock.parts({ q, limit: '8' }),
    queryFn: async () =>
      (await api<Page<PartDto>>(`/api/parts?${new URLSearchParams({ q, limit: '8' })}`)).items,
    enabled: q.trim().length >= 2,
    placeholderData: (previous) => previous,
  });

export const usePart = (id: number) =>
  useQuery({
    queryKey: queryKeys.stock.part(id),
    queryFn: async () => (await api<{ part: PartDto }>(`/api/parts/${id}`)).part,
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });

export const usePartMoves = (id: number) =>
  usePagedQuery<StockMoveDto>(queryKeys.stock.moves(id), `/api/parts/${id}/moves`, {});

/** The part whose barcode this is, or null. */
export const findByBarcode = async (code: string) =>
  (await api<{ part: PartDto | null }>(`/api/parts/barcode?${new URLSearchParams({ code })}`)).part;

export const useSuppliers = () =>
  useQuery({
    queryKey: queryKeys.stock.suppliers,
    queryFn: async () => (await api<{ suppliers: SupplierDto[] }>('/api/suppliers')).suppliers,
  });

export const usePlaces = () =>
  useQuery({
    queryKey: queryKeys.stock.places,
    queryFn: async () =>
      (await api<{ places: { place: string; parts: number }[] }>('/api/stock/places')).places,
  });

export const useReceipts = () =>
  usePagedQuery<ReceiptDto>(queryKeys.stock.receipts, '/api/stock/receipts', {});

export const useCountSheet = (place: string | null) =>
  useQuery({
    // Outside 'stock': no live event refreshes the sheet under a count (CountPage keeps what was seen).
    queryKey: ['count-sheet', place],
    queryFn: async () =>
      (
        await api<{ parts: PartDto[] }>(
          `/api/stock/count-sheet?${new URLSearchParams({ place: place ?? '' })}`,
        )
      ).parts,
    enabled: place !== null,
    // A count is made against the sheet as it was read: no refresh under the person's hands.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useStockWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.stock.all });
  const useWrite = <I, O>(fn: (input: I) => Promise<O>) =>
    useMutation({ mutationFn: fn, onSettled: refresh });
  return {
    createPart: useWrite((input: PartInput) =>
      api<{ part: PartDto }>('/api/parts', { method: 'POST', body: input }),
    ),
    updatePart: useWrite(({ id, ...input }: PartPatch & { id: number }) =>
      api<{ part: PartDto }>(`/api/parts/${id}`, { method: 'PATCH', body: input }),
    ),
    removePart: useWrite((id: number) => api(`/api/parts/${id}`, { method: 'DELETE' })),
    createSupplier: useWrite((input: SupplierInput) =>
      api<{ supplier: SupplierDto }>('/api/suppliers', { method: 'POST', body: input }),
    ),
    updateSupplier: useWrite(({ id, ...input }: SupplierPatch & { id: number }) =>
      api<{ supplier: SupplierDto }>(`/api/suppliers/${id}`, { method: 'PATCH', body: input }),
    ),
    removeSupplier: useWrite((id: number) => api(`/api/suppliers/${id}`, { method: 'DELETE' })),
    receive: useWrite((input: ReceiptInput) =>
      api<{ receipt: ReceiptDto }>('/api/stock/receipts', { method: 'POST', body: input }),
    ),
    reverse: useWrite(({ id, reason }: { id: number; reason: string }) =>
      api<{ receipt: ReceiptDto }>(`/api/stock/receipts/${id}/reverse`, { method: 'POST', body: { reason } }),
    ),
    count: useWrite((input: CountInput) =>
      api<{ count: CountResult }>('/api/stock/counts', { method: 'POST', body: input }),
    ),
    importParts: useWrite(({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      api<{ report: ImportReport }>('/api/parts/import', { method: 'POST', body: { csv, dryRun } }),
    ),
  };
}
