import { Button } from '@mantine/core';
import { useState } from 'react';
import { useMoneyWrites, useTicketMoney } from '../api/money-api';
import { PaymentDialog } from './PaymentDialog';

/** «Принять оплату» where money is asked for outside the money section (closing, issue 50). */
export function TakePaymentButton({ ticketId }: { ticketId: number }) {
  const money = useTicketMoney(ticketId);
  const writes = useMoneyWrites(ticketId);
  const [open, setOpen] = useState(false);
  if (!money.data) return null;
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
