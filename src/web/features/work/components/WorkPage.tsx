import { Anchor, Box, Button, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import { DEFAULT_WORK_STATES } from '../../../../domain/worklist';
import { PagedList } from '../../../components/PagedList';
import { ListSkeleton } from '../../../components/Skeletons';
import { useCan, useCurrentUser, useIsOwner } from '../../../lib/session';
import { useUrgencyContext } from '../../../lib/shop-today';
import { useShopHasWork, useWorkCounts, useWorklist } from '../api/work-api';
import { ExportLink } from '../../../components/ExportLink';
import { MyMentions } from '../../comments/public';
import { hiddenClosedMatches, ShowClosedButton } from './ClosedMatches';
import { FirstSteps } from './FirstSteps';
import { SetupGaps } from './SetupGaps';
import { TicketFacetChips } from './TicketFacetChips';
import { WorkFiltersBar } from './WorkFiltersBar';
import { keepFilters, recallFilters, type WorkFilterValues } from './work-filter-memory';
import { WorkRow } from './WorkRow';
import { WorkTable } from './work-table-loader';
import { useWorkView, WorkViewToggle } from './WorkViewToggle';

/** The filters a link names; what it leaves out is the default ('' or, for states, undefined). */
function fromAddress(params: URLSearchParams): WorkFilterValues {
  const read = (name: string) => params.get(name) ?? '';
  return {
    text: read('q'),
    type: read('type'),
    assignee: read('assignee'),
    states: params.get('states') ?? undefined,
    order: read('order'),
    overLimit: read('overLimit'),
    stage: read('stage'),
    status: read('status'),
    provider: read('provider'),
    receivedWeek: read('receivedWeek'),
    closedWeek: read('closedWeek'),
  };
}

const NEW_REPAIR = `${paths.ticketNew}?title=${encodeURIComponent('Гарантийный ремонт')}`;

function CreateButtons() {
  return (
    <>
      <Button component={Link} to={NEW_REPAIR}>
        Гарантийный ремонт
      </Button>
      <Button component={Link} to={paths.taskNew} variant="light">
        Задача
      </Button>
    </>
  );
}

/**
 * The combined worklist (spec §2, §4). Filters live in the address, so a refresh
 * or a shared link keeps them; the server filters, orders and pages.
 */
export function WorkPage() {
  const [params, setParams] = useSearchParams();
  const me = useCurrentUser();
  // Filters are local state (a click shows at once) mirrored into the address by one
  // effect, so two quick changes can never overwrite each other there. A plain /app/work
  // (the menu, the logo) opens on what this person chose last time on this device; a link
  // with filters (the dashboard's, a shared one) shows exactly those.
  const [values, setValues] = useState<WorkFilterValues>(() =>
    params.size === 0 ? { ...fromAddress(params), ...recallFilters(me.id) } : fromAddress(params),
  );
  const facets = {
    status: values.status,
    provider: values.provider,
    receivedWeek: values.receivedWeek,
    closedWeek: values.closedWeek,
  };
  const [q] = useDebouncedValue(values.text.trim(), 250);
  const list = useWorklist({
    q,
    type: values.type,
    assignee: values.assignee,
    states: values.states,
    order: values.order,
    overLimit: values.overLimit,
    stage: values.stage,
    ...facets,
  });
  const counts = useWorkCounts({
    q,
    type: values.type,
    assignee: values.assignee,
    states: values.states,
    overLimit: values.overLimit,
    stage: values.stage,
    ...facets,
  });

  useEffect(() => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (values.type) next.set('type', values.type);
    if (values.assignee) next.set('assignee', values.assignee);
    // The default (new and in progress) needs no parameter, so a plain /app/work link shows it.
    if (values.states !== undefined && values.states !== DEFAULT_WORK_STATES.join(',')) {
      next.set('states', values.states);
    }
    if (values.order === 'overdue') next.set('order', 'overdue');
    if (values.overLimit === '1') next.set('overLimit', '1');
    if (values.stage) next.set('stage', values.stage);
    if (values.status) next.set('status', values.status);
    if (values.provider) next.set('provider', values.provider);
    if (values.receivedWeek) next.set('receivedWeek', values.receivedWeek);
    if (values.closedWeek) next.set('closedWeek', values.closedWeek);
    // A row tapped while the search was still settling has already left the worklist:
    // its filters must not follow onto the ticket's address.
    if (window.location.pathname !== paths.work) return;
    setParams(next, { replace: true });
  }, [
    q,
    values.type,
    values.assignee,
    values.states,
    values.order,
    values.overLimit,
    values.stage,
    values.status,
    values.provider,
    values.receivedWeek,
    values.closedWeek,
    setParams,
  ]);

  // An empty default view for an admin: if the shop has nothing at all yet, say what to do first.
  const defaultView =
    !q &&
    !values.type &&
    !values.assignee &&
    !values.stage &&
    !Object.values(facets).some(Boolean) &&
    (values.states ?? DEFAULT_WORK_STATES.join(',')) === DEFAULT_WORK_STATES.join(',');
  const emptyDefault = defaultView && list.isSuccess && (list.data.pages[0]?.items.length ?? 0) === 0;
  const owner = useIsOwner();
  const canSet = useCan('settings');
  const hasWork = useShopHasWork(owner && emptyDefault);
  const showFirstSteps = owner && emptyDefault && hasWork.data === false;

  const view = useWorkView();
  const urgency = useUrgencyContext();
  /**
   * A change the person makes. Their filter choices are kept for the next plain /app/work —
   * not what a link opened with, not beside a dashboard link's facets, and not a one-off
   * «Показать закрытые» for one search (`keep: false`).
   */
  const onChange = (changes: Partial<WorkFilterValues>, { keep = true } = {}) =>
    setValues((current) => {
      const next = { ...current, ...changes };
      // Writing the same record twice (StrictMode runs updaters twice) changes nothing.
      const faceted = Boolean(next.status || next.provider || next.receivedWeek || next.closedWeek);
      if (keep && !faceted) keepFilters(me.id, next);
      return next;
    });

  const closedMatches = hiddenClosedMatches(q !== '', values.states, counts);
  const closedAction = closedMatches ? (
    <ShowClosedButton
      count={closedMatches}
      states={values.states}
      onShow={(states) => onChange({ states }, { keep: false })}
    />
  ) : null;

  return (
    <Stack pb={{ base: 72, sm: 0 }}>
      <Group justify="space-between">
        <Title order={2}>Задачи</Title>
        <Group gap="xs" visibleFrom="sm">
          {view.wide && <WorkViewToggle value={view.chosen} onChange={view.setChosen} />}
          <CreateButtons />
        </Group>
      </Group>
      {showFirstSteps && <FirstSteps />}
      {canSet && <SetupGaps />}
      <WorkFiltersBar values={values} loading={list.isFetching} counts={counts.data} onChange={onChange} />
      <TicketFacetChips facets={facets} onChange={onChange} />
      {values.assignee === String(me.id) && <MyMentions />}
      <PagedList
        query={list}
        empty={
          q
            ? closedMatches
              ? 'Среди открытых ничего не найдено'
              : 'Ничего не найдено'
            : values.assignee === String(me.id)
              ? 'Вам сейчас ничего не назначено'
              : 'Пусто'
        }
        emptyAction={closedAction}
        renderItem={(item) => <WorkRow key={`${item.kind}-${item.id}`} item={item} urgency={urgency} />}
        renderItems={
          view.view === 'table'
            ? (items) => (
                <Suspense fallback={<ListSkeleton />}>
                  <WorkTable items={items} urgency={urgency} />
                </Suspense>
              )
            : undefined
        }
      />
      {/* Open matches shown, and closed ones too: say so under the list. */}
      {closedAction && list.isSuccess && (list.data.pages[0]?.items.length ?? 0) > 0 && (
        <Group justify="center">{closedAction}</Group>
      )}
      <Group gap="md" justify="center">
        <Anchor component={Link} to={paths.tickets} size="sm" className="tap-target">
          Все заявки
        </Anchor>
        <Anchor component={Link} to={paths.tasks} size="sm" className="tap-target">
          Все задачи
        </Anchor>
        <ExportLink list="work" params={params} />
      </Group>
      {/* On a phone the create buttons sit in a fixed bar at the bottom, within thumb reach. */}
      <Box
        hiddenFrom="sm"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        p="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 100 }}
        data-testid="bottom-bar"
      >
        <Group grow gap="sm">
          <CreateButtons />
        </Group>
      </Box>
    </Stack>
  );
}
