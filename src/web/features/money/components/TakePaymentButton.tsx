import { Button } from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../../../lib/session';
import { useMoneyWrites, useTicketMoney } from '../api/money-api';
import { PaymentDialog } from './PaymentDialog';

/** «Принять оплату» where money is asked for outside the money section (closing, issue 50); for those allowed. */
export function TakePaymentButton({ ticketId }: { ticketId: number }) {
  const money = useTicketMoney(ticketId);
  const writes = useMoneyWrites(ticketId);
  const [open, setOpen] = useState(false);
  const canTake = useCan('payments.take');
  if (!money.data || !canTake) return null;
  return (
    <>
      <Button size="xs" onClick={() => setOpen(true)}>
        Принять оплату
      </Button>
      {open && (
        <PaymentDialog kind="payment" money={money.data} writes={writes} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
