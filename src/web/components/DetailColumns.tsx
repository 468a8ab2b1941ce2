import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A ticket's, task's or client's page: `top` (back link, banners, title) across the
 * page, then `main` (fields, steps) and `side` (files, photos, history) as two columns
 * on a wide screen and one after the other below it (layout.css), then `foot`.
 */
export function DetailColumns({
  top,
  main,
  side,
  foot,
}: {
  top: ReactNode;
  main: ReactNode;
  side: ReactNode;
  foot?: ReactNode;
}) {
  return (
    <div className="detail-page" data-testid="detail-page">
      <Stack className="detail-wide">{top}</Stack>
      <div className="detail-column" data-testid="detail-main">
        {main}
      </div>
      <div className="detail-column" data-testid="detail-side">
        {side}
      </div>
      {foot && <div className="detail-wide">{foot}</div>}
    </div>
  );
}
