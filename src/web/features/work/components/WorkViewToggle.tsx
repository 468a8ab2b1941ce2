import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { WORK_VIEW_KEY } from './work-table-loader';

export type WorkView = 'cards' | 'table';

/**
 * Cards or a dense table (issue 17), remembered per device in localStorage: a desktop
 * can keep the table while a phone, too narrow for one, always shows cards.
 */
export function useWorkView() {
  const [chosen, setChosen] = useLocalStorage<WorkView>({
    key: WORK_VIEW_KEY,
    defaultValue: 'cards',
    getInitialValueInEffect: false,
  });
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false }) ?? false;
  return { view: wide ? chosen : ('cards' as const), wide, chosen, setChosen };
}

export function WorkViewToggle({ value, onChange }: { value: WorkView; onChange: (view: WorkView) => void }) {
  return (
    <SegmentedChoice
      size="xs"
      label="Вид списка"
      value={value}
      onChange={onChange}
      options={[
        { value: 'cards' as const, label: 'Карточки' },
        { value: 'table' as const, label: 'Таблица' },
      ]}
    />
  );
}
