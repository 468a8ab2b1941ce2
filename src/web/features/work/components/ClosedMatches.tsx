import { Button } from '@mantine/core';
import { formatStateCount } from '../../../../domain/state-counts';
import { parseStates, WORK_STATES } from '../../../../domain/worklist';
import type { ShownStateCounts } from '../api/work-api';

/**
 * How many closed items a search matches while «Закрытые» is off — null when that is none or
 * not known yet for this search (the counts shown may still be the previous search's).
 */
export function hiddenClosedMatches(
  searching: boolean,
  states: string | undefined,
  counts: { data?: ShownStateCounts | undefined; isPlaceholderData: boolean },
): number | null {
  if (!searching || parseStates(states).includes('closed')) return null;
  if (!counts.data || counts.isPlaceholderData || counts.data.closed === 0) return null;
  return counts.data.closed;
}

/**
 * A client at the counter comes back about a repair that was finished: a search must not say
 * «Пусто» while closed items match (issue 48). One tap adds «Закрытые» to the chosen states.
 */
export function ShowClosedButton({
  count,
  states,
  onShow,
}: {
  count: number;
  states: string | undefined;
  onShow: (states: string) => void;
}) {
  const chosen = [...parseStates(states), 'closed'];
  return (
    <Button
      variant="light"
      onClick={() => onShow(WORK_STATES.filter((state) => chosen.includes(state)).join(','))}
    >
      Показать закрытые ({formatStateCount(count, true)})
    </Button>
  );
}
