import type { SessionUser } from '@agora/contracts';
import type { User } from './user.entity.js';

/** The user as the spec's lists, details and profile show it. */
export interface UserDto extends SessionUser {
  phone: string | null;
  address: string | null;
  location: { lat: number; lon: number } | null;
  active: boolean;
  created: string;
  last_login: string | null;
  /** the language of the user's account mails */
  locale: string;
}

export function toSessionUser(u: User): SessionUser {
  return {
    uuid: u.uuid,
    username: u.username,
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    role: u.role,
  };
}

export function toUserDto(u: User): UserDto {
  return {
    ...toSessionUser(u),
    phone: u.phone,
    address: u.address,
    location: u.lat !== null && u.lon !== null ? { lat: u.lat, lon: u.lon } : null,
    active: u.active,
    created: u.created.toISOString(),
    last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
    locale: u.locale,
  };
}
