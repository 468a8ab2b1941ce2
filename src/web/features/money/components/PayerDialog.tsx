import type { PayerDto } from '../../../../domain/payers';
import { payerInput } from '../../../../domain/payer-schemas';
import { DirectoryEntryDialog } from '../../../components/DirectoryEntryDialog';
import { usePayerWrites } from '../api/payers-api';

/** Adds a payer (`payer` null) or edits one. */
export function PayerDialog({ payer, onClose }: { payer: PayerDto | null; onClose: () => void }) {
  const writes = usePayerWrites();
  return (
    <DirectoryEntryDialog
      entry={payer}
      schema={payerInput}
      conflictKey="payer"
      texts={{
        newTitle: 'Новый плательщик',
        title: 'Плательщик',
        detailsLabel: 'Реквизиты и контакты',
        placeholder: 'Например: ООО «Техномир» или сервис производителя',
        saved: 'Плательщик сохранён',
        added: 'Плательщик добавлен',
      }}
      create={writes.create}
      update={writes.update}
      onClose={onClose}
    />
  );
}
