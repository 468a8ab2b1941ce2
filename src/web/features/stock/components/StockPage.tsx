import { Anchor, Button, Checkbox, Group, Loader, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import { BARCODE_PATTERN } from '../../../../domain/stock';
import { PagedList } from '../../../components/PagedList';
import { errorMessage } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { findByBarcode, usePartList } from '../api/stock-api';
import { PartDialog } from './PartDialog';
import { PartRow } from './PartRow';
import { ScanButton } from './ScanButton';

/**
 * «Склад» (issue 51): the catalogue searched by any fragment, «Заканчивается» alone, a part found
 * by its barcode (the camera, a USB scanner that types and presses Enter, or typed by hand), and
 * for those allowed «Склад» the ways stock comes in and is checked.
 */
export function StockPage() {
  const keeper = useCan('stock.manage');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 250);
  const low = params.get('low') === '1';
  const list = usePartList({ ...(q ? { q } : {}), ...(low ? { low: '1' } : {}) });
  const [creating, setCreating] = useState(false);

  // The search and the filter live in the address: a refresh or the morning push keeps them.
  useEffect(() => {
    setParams({ ...(q ? { q } : {}), ...(low ? { low: '1' } : {}) }, { replace: true });
  }, [q, low, setParams]);

  /**
   * A whole barcode: straight to its part. Scanned, a code not in the catalogue says so; typed
   * (Enter), it simply stays a search.
   */
  const openByCode = async (code: string, scanned: boolean) => {
    if (!BARCODE_PATTERN.test(code)) return;
    try {
      const part = await findByBarcode(code);
      if (part) return void navigate(paths.part(part.id));
      setText(code);
      if (scanned) toast.error(`Запчасти со штрихкодом ${code} нет в каталоге`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Склад</Title>
        {keeper && (
          <Group gap="xs">
            <Button component={Link} to={paths.stockReceiptNew}>
              Поступление
            </Button>
            <Button variant="default" onClick={() => setCreating(true)}>
              Новая запчасть
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default">Ещё</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={paths.stockCount}>
                  Инвентаризация
                </Menu.Item>
                <Menu.Item component={Link} to={paths.stockReceipts}>
                  Поступления
                </Menu.Item>
                <Menu.Item component={Link} to={paths.suppliers}>
                  Поставщики
                </Menu.Item>
                <Menu.Item component={Link} to={paths.stockImport}>
                  Импорт из CSV
                </Menu.Item>
                <Menu.Item component="a" href="/api/export/purchase.csv" download>
                  Список закупки (CSV)
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          type="search"
          placeholder="Название, артикул, штрихкод или модель"
          aria-label="Поиск запчастей"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void openByCode(text.trim(), false);
          }}
          rightSection={list.isFetching ? <Loader size="xs" /> : null}
        />
        <ScanButton onCode={(code) => void openByCode(code, true)} />
      </Group>
      <Checkbox
        label="Заканчивается"
        checked={low}
        onChange={(event) => {
          const next = new URLSearchParams(params);
          if (event.currentTarget.checked) next.set('low', '1');
          else next.delete('low');
          setParams(next, { replace: true });
        }}
      />
      <PagedList
        query={list}
        empty={q || low ? 'Ничего не найдено' : 'Каталог пуст'}
        emptyAction={
          !q && !low && keeper ? (
            <Text size="sm" c="dimmed">
              Добавьте запчасть или{' '}
              <Anchor component={Link} to={paths.stockImport}>
                загрузите каталог из CSV
              </Anchor>
              .
            </Text>
          ) : !q && !low ? (
            <Text size="sm" c="dimmed">
              Запчасти заводит тот, у кого есть право «Склад».
            </Text>
          ) : undefined
        }
        renderItem={(part) => <PartRow key={part.id} part={part} />}
      />
      {creating && (
        <PartDialog
          part={null}
          onClose={(created) => {
            setCreating(false);
            if (created) navigate(paths.part(created.id));
          }}
        />
      )}
    </Stack>
  );
}
