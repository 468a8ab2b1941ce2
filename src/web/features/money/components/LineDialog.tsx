import { Autocomplete, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  LINE_KIND_LABELS,
  LINE_KINDS,
  lineTotal,
  formatRubles,
  parseRubles,
  rublesInput,
  type LineKind,
  type TicketLineDto,
  type TicketMoneyDto,
} from '../../../../domain/money';
import { LINE_NAME_MAX, ticketLineInput } from '../../../../domain/money-schemas';
import { RublesInput, WarrantyDaysInput, warrantyValue } from '../../../components/MoneyInputs';
import { ErrorBox } from '../../../components/ErrorBox';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { ApiError, errorMessage } from '../../../lib/api';
import type { MoneyWrites } from '../api/money-api';
import { useServices } from '../api/services-api';
import { notEnoughMessage, type PartDto } from '../../../../domain/stock';
import { PartPicker, stockText } from '../../stock/public';

/** Adds a line of `kind` (`line` null) or changes one; amounts are typed in rubles. */
export function LineDialog({
  line,
  kind: firstKind,
  writes,
  onClose,
}: {
  line: TicketLineDto | null;
  kind: LineKind;
  writes: MoneyWrites;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<LineKind>(line?.kind ?? firstKind);
  const [name, setName] = useState(line?.name ?? '');
  const [quantity, setQuantity] = useState<number | string>(line?.quantity ?? 1);
  const [price, setPrice] = useState(line ? rublesInput(line.price) : '');
  const [discount, setDiscount] = useState(line && line.discount > 0 ? rublesInput(line.discount) : '');
  const [warranty, setWarranty] = useState<number | string>(line?.warrantyDays ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  // After «Строку уже изменил другой сотрудник» the next save goes over their version.
  const [version, setVersion] = useState(line?.version ?? 1);
  const services = useServices().data ?? [];
  // A new parts line may come from stock: it is held for this repair until handover.
  const [stockPart, setStockPart] = useState<PartDto | null>(null);
  const pickPart = (part: PartDto) => {
    setStockPart(part);
    setName(part.name);
    if (part.price > 0) setPrice(rublesInput(part.price));
  };
  // A work picked from the catalogue brings its price and warranty.
  const pickService = (picked: string) => {
    const service = services.find((s) => s.name === picked);
    if (!service) return;
    setPrice(rublesInput(service.price));
    setWarranty(service.warrantyDays ?? '');
  };
  // The catalogue's service a new work line names exactly, if any (read when it is saved).
  const serviceId = kind === 'work' ? (services.find((s) => s.name === name.trim())?.id ?? null) : null;

  const amounts = {
    price: parseRubles(price),
    discount: discount.trim() === '' ? 0 : parseRubles(discount),
    quantity: typeof quantity === 'number' ? quantity : Number.NaN,
  };
  const preview =
    amounts.price !== null && amounts.discount !== null && Number.isInteger(amounts.quantity)
      ? lineTotal({ quantity: amounts.quantity, price: amounts.price, discount: amounts.discount })
      : null;
  const pending = writes.addLine.isPending || writes.editLine.isPending;

  const submit = () => {
    if (amounts.price === null)
      return setProblem('Цена: введите сумму в рублях, например 1 500 или 1 500,50');
    if (amounts.discount === null) return setProblem('Скидка: введите сумму в рублях или оставьте пустой');
    // Said before sending: the shelf has only so many free (the server checks again).
    if (stockPart && amounts.quantity > stockPart.available) {
      return setProblem(notEnoughMessage(stockPart, stockPart.available));
    }
    const parsed = ticketLineInput.safeParse({
      kind,
      name,
      serviceId,
      partId: kind === 'part' && !line ? (stockPart?.id ?? null) : null,
      quantity: amounts.quantity,
      price: amounts.price,
      discount: amounts.discount,
      warrantyDays: warrantyValue(warranty),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    const done = {
      onSuccess: onClose,
      onError: (error: unknown) => {
        setProblem(errorMessage(error));
        const fresh = error instanceof ApiError ? (error.body as { money?: TicketMoneyDto } | null) : null;
        const now = fresh?.money?.lines.find((l) => l.id === line?.id);
        if (now) setVersion(now.version);
      },
    };
    // A line keeps the catalogue's service it came from; only its own fields change.
    const { serviceId: fromService, partId, ...fields } = parsed.data;
    if (line) writes.editLine.mutate({ id: line.id, version, ...fields }, done);
    else writes.addLine.mutate({ ...fields, serviceId: fromService, partId }, done);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={line ? 'Изменить строку' : kind === 'work' ? 'Добавить работу' : 'Добавить запчасть'}
    >
      <Stack>
        <ErrorBox message={problem} />
        <SegmentedChoice
          label="Что это"
          value={kind}
          onChange={(next) => {
            // A part from stock stays a part: its stock is held for it.
            if (!line?.partId && !stockPart) setKind(next);
          }}
          options={LINE_KINDS.map((value) => ({ value, label: LINE_KIND_LABELS[value] }))}
          fullWidth
        />
        {kind === 'part' && !line && !stockPart && (
          <PartPicker
            label="Со склада"
            description="Найдите запчасть — она будет зарезервирована за заявкой"
            onPick={pickPart}
          />
        )}
        {kind === 'part' && (stockPart || line?.partId) && (
          <Group justify="space-between" gap="xs" data-testid="line-stock">
            <Text size="sm">
              {stockPart
                ? `Со склада: ${stockText(stockPart)}`
                : line?.stockState === 'written_off'
                  ? 'Со склада: списана при выдаче'
                  : 'Со склада: в резерве за заявкой'}
            </Text>
            {stockPart && (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => {
                  setStockPart(null);
                  setProblem(null);
                }}
              >
                Не со склада
              </Button>
            )}
          </Group>
        )}
        {kind === 'work' && services.length > 0 ? (
          <Autocomplete
            label="Название"
            description="Выберите услугу или впишите свою работу"
            required
            maxLength={LINE_NAME_MAX}
            data={services.map((service) => service.name)}
            value={name}
            data-autofocus
            onChange={setName}
            onOptionSubmit={pickService}
          />
        ) : (
          <TextInput
            label="Название"
            required
            maxLength={LINE_NAME_MAX}
            value={name}
            data-autofocus
            onChange={(event) => setName(event.currentTarget.value)}
          />
        )}
        <Group grow align="flex-start">
          <NumberInput
            label="Количество"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={setQuantity}
          />
          <RublesInput label="Цена, ₽" required value={price} onChange={setPrice} />
        </Group>
        <Group grow align="flex-start">
          <RublesInput label="Скидка, ₽" value={discount} onChange={setDiscount} />
          <WarrantyDaysInput value={warranty} onChange={setWarranty} />
        </Group>
        <Group justify="space-between">
          <span data-testid="line-preview">{preview === null ? '' : `Сумма: ${formatRubles(preview)}`}</span>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button loading={pending} onClick={submit}>
              {line ? 'Сохранить' : 'Добавить'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
