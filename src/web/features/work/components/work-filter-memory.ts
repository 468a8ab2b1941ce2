/** The worklist's filters as the screen holds them; '' (or undefined for states) is the default. */
export interface WorkFilterValues {
  text: string;
  type: string;
  assignee: string;
  states: string | undefined;
  /** 'overdue': «Сначала просроченные»; '': the spec's order. */
  order: string;
  /** '1': only tickets over their status's time limit. */
  overLimit: string;
  /** A stage's id inside «В ремонте» (issue 49): only tickets at it. */
  stage: string;
  /** From the dashboard's links: tickets in a status, or come in one way ('' when not set). */
  status: string;
  provider: string;
  receivedWeek: string;
  closedWeek: string;
}

/** The choices a person makes in «Фильтры»; the search text and the dashboard's facets are not kept. */
export type KeptFilters = Pick<
  WorkFilterValues,
  'type' | 'assignee' | 'states' | 'order' | 'overLimit' | 'stage'
>;

export const NO_KEPT_FILTERS: KeptFilters = {
  type: '',
  assignee: '',
  states: undefined,
  order: '',
  overLimit: '',
  stage: '',
};

/** DEFAULT_WORK_STATES joined (src/domain/worklist.ts; work-filter-memory.test.ts holds them equal):
 * written out so that main.tsx, which reads the memory before the app starts, loads no domain code. */
export const DEFAULT_STATES = 'new,in_progress';

// One record per device, naming whose it is: a phone handed to a colleague must not open on the
// other's «Мои», and main.tsx can ask for the worklist before it knows who is signed in.
const STORAGE_KEY = 'glz-work-filters';

/** What this person (or, before the session is known, the device's last user) chose last time. */
export function recallFilters(userId?: number): KeptFilters {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const kept: unknown = raw ? JSON.parse(raw) : null;
    if (!kept || typeof kept !== 'object') return NO_KEPT_FILTERS;
    if (userId !== undefined && (kept as Record<string, unknown>).userId !== userId) return NO_KEPT_FILTERS;
    const text = (key: keyof KeptFilters) => {
      const value = (kept as Record<string, unknown>)[key];
      return typeof value === 'string' ? value : '';
    };
    const states = (kept as Record<string, unknown>).states;
    return {
      type: text('type'),
      assignee: text('assignee'),
      states: typeof states === 'string' ? states : undefined,
      order: text('order'),
      overLimit: text('overLimit'),
      stage: text('stage'),
    };
  } catch {
    return NO_KEPT_FILTERS; // storage unavailable or spoiled: the spec's default view
  }
}

export function keepFilters(userId: number, values: KeptFilters): void {
  const kept: KeptFilters = {
    type: values.type,
    assignee: values.assignee,
    states: values.states === DEFAULT_STATES ? undefined : values.states,
    order: values.order,
    overLimit: values.overLimit,
    stage: values.stage,
  };
  try {
    if (changedFilters(kept, null) === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ userId, ...kept }));
  } catch {
    // storage full or unavailable: the filters still work, they are only not remembered
  }
}

/**
 * How many choices differ from the default view — the number on the phone's «Фильтры» button.
 * «Мои» (assignee = `mine`) is not counted: its own button beside it shows it.
 */
export function changedFilters(values: KeptFilters, mine: string | null): number {
  return [
    values.type !== '',
    values.assignee !== '' && values.assignee !== mine,
    (values.states ?? DEFAULT_STATES) !== DEFAULT_STATES,
    values.order !== '',
    values.overLimit !== '',
    values.stage !== '',
  ].filter(Boolean).length;
}
