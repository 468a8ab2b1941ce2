import { isRole } from '../../domain/roles';
import type { UserDto } from '../../domain/users';

interface UserRowLike {
  id: number;
  email: string;
  display_name: string;
  phone: string;
  role: string;
  disabled_at: string | null;
  created_at: string;
}

export function toUserDto(row: UserRowLike): UserDto {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    phone: row.phone,
    // The column has a CHECK constraint; anything else is a corrupted row, read as the lesser role.
    role: isRole(row.role) ? row.role : 'employee',
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
  };
}
