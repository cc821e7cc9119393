import type { Role } from '@agora/contracts';

/** A user as listed by `GET /api/users/page/{n}/sort/{field}/sort_method/{asc|desc}`. */
export interface UserRow {
  uuid: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  active: boolean;
  created: string;
  last_login: string | null;
  phone: string | null;
  address: string | null;
  /** where the address is on the map */
  location?: { lat: number; lon: number } | null;
}
