import { Anchor, Button } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

/**
 * Back to where the person came from (the worklist, a client card…) when they came from
 * inside the app; to `fallback` when the page was opened directly (a link, a push).
 */
function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const cameFromApp = useLocation().key !== 'default';
  return {
    to: fallback,
    onClick: (event: MouseEvent) => {
      if (!cameFromApp) return;
      event.preventDefault();
      navigate(-1);
    },
    cameFromApp,
  };
}

/** «← Назад» (or «← <list>» when opened directly). */
export function BackLink({ fallback, fallbackLabel }: { fallback: string; fallbackLabel: string }) {
  const back = useGoBack(fallback);
  return (
    <Anchor component={Link} to={back.to} onClick={back.onClick} size="sm" className="tap-target">
      ← {back.cameFromApp ? 'Назад' : fallbackLabel}
    </Anchor>
  );
}

/** «Отмена» on a new-record form: back where the person came from. */
export function CancelButton({ fallback }: { fallback: string }) {
  const back = useGoBack(fallback);
  return (
    <Button variant="default" component={Link} to={back.to} onClick={back.onClick}>
      Отмена
    </Button>
  );
}
