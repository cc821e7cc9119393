import type { SessionUser } from '@agora/contracts';
import type { UserAnswer } from '@agora/contracts/api';
import type { User } from './user.entity.js';

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

/** The user as the lists, the details and the profile show it. */
export function toUserAnswer(u: User): UserAnswer {
  return {
    ...toSessionUser(u),
    phone: u.phone,
    address: u.address,
    location: u.lat !== null && u.lon !== null ? { lat: u.lat, lon: u.lon } : null,
    active: u.active,
    created: u.created.toISOString(),
    last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
    locale: u.locale,
    results_mail: u.resultsMail,
  };
}
