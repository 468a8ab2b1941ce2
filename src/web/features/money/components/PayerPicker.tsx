import { Select } from '@mantine/core';
import { CLIENT_PAYS_LABEL } from '../../../../domain/payers';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { usePayers, useSetPayer } from '../api/payers-api';

const CLIENT = 'client';

/** «Кто платит» (issue 50): the client, or a payer of the directory; fixed once the ticket is closed. */
export function PayerPicker({
  ticketId,
  payer,
  locked,
}: {
  ticketId: number;
  payer: { id: number; name: string } | null;
  locked: boolean;
}) {
  const payers = usePayers();
  const setPayer = useSetPayer(ticketId);
  // Without payers in the directory there is nothing to choose: the client pays.
  if (!payer && payers.data?.length === 0) return null;
  const options = [
    { value: CLIENT, label: CLIENT_PAYS_LABEL },
    ...(payers.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.name })),
  ];
  if (payer && !options.some((option) => option.value === String(payer.id))) {
    options.push({ value: String(payer.id), label: payer.name });
  }
  return (
    <Select
      label="Кто платит"
      data={options}
      value={payer ? String(payer.id) : CLIENT}
      allowDeselect={false}
      disabled={locked || setPayer.isPending}
      onChange={(value) =>
        setPayer.mutate(value === null || value === CLIENT ? null : Number(value), {
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    />
  );
}
