import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { parseRubles, rublesInput } from '../../../../domain/money';
import { payRuleInput, type PayPersonDto } from '../../../../domain/pay';
import { RublesInput } from '../../../components/MoneyInputs';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { usePayWrites } from '../api/pay-api';

/** «12,5» → 1250 basis points; null when it is not a number of percent with two decimals at most. */
function parseShare(text: string): number | null {
  const plain = text.replace(/[\s%]/g, '').replace(',', '.');
  if (plain === '') return 0;
  if (!/^\d{1,3}(\.\d{0,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}
const shareInput = (basisPoints: number) => (basisPoints ? String(basisPoints / 100).replace('.', ',') : '');

/** A person's pay rule: any of four parts, each may stay empty. Applies to months not yet paid. */
export function PayRuleDialog({ person, onClose }: { person: PayPersonDto; onClose: () => void }) {
  const { setRule } = usePayWrites();
  const [works, setWorks] = useState(shareInput(person.rule.worksShare));
  const [margin, setMargin] = useState(shareInput(person.rule.marginShare));
  const [perRepair, setPerRepair] = useState(person.rule.perRepair ? rublesInput(person.rule.perRepair) : '');
  const [salary, setSalary] = useState(person.rule.salary ? rublesInput(person.rule.salary) : '');
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const rubles = (text: string) => (text.trim() === '' ? 0 : parseRubles(text));
    const rule = {
      worksShare: parseShare(works),
      marginShare: parseShare(margin),
      perRepair: rubles(perRepair),
      salary: rubles(salary),
    };
    if (rule.worksShare === null || rule.marginShare === null)
      return setError('Доля: число процентов, например 12,5');
    if (rule.perRepair === null || rule.salary === null)
      return setError('Сумма: рубли, например 1 500 или 1 500,50');
    const checked = payRuleInput.safeParse(rule);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Проверьте правило');
    setRule.mutate(
      { userId: person.userId, rule: checked.data },
      {
        onSuccess: () => {
          toast.success('Правило сохранено');
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Как платим: ${person.name}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          Части складываются; пустое поле — ноль. Правило действует на месяцы, которые ещё не выплачены.
        </Text>
        <TextInput
          label="Доля работ, %"
          inputMode="decimal"
          value={works}
          onChange={(e) => setWorks(e.currentTarget.value)}
        />
        <TextInput
          label="Доля маржи, %"
          inputMode="decimal"
          value={margin}
          onChange={(e) => setMargin(e.currentTarget.value)}
        />
        <RublesInput label="За каждый закрытый ремонт, ₽" value={perRepair} onChange={setPerRepair} />
        <RublesInput label="Оклад в месяц, ₽" value={salary} onChange={setSalary} />
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button onClick={save} loading={setRule.isPending}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
