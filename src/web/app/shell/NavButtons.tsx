import { Button } from '@mantine/core';
import { NavLink } from 'react-router';
import { allows } from '../../../domain/roles';
import { useCurrentUser } from '../../lib/session';
import { NAV_ITEMS } from './nav-items';

/** The section links; `vertical` for the phone menu. */
export function NavButtons({
  vertical = false,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const me = useCurrentUser();
  return NAV_ITEMS.filter((item) => !item.access || allows(me, item.access)).map((item) => (
    <NavLink key={item.to} to={item.to} onClick={onNavigate} style={{ textDecoration: 'none' }}>
      {({ isActive }) => (
        <Button
          component="span"
          variant={isActive ? 'light' : 'subtle'}
          fullWidth={vertical}
          justify={vertical ? 'flex-start' : 'center'}
          size={vertical ? 'md' : 'sm'}
        >
          {item.label}
        </Button>
      )}
    </NavLink>
  ));
}
