import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { roleAllows, type Role } from '@agora/contracts';
import { sessionUserAtom } from '../session';

export interface PermissionProps {
  /** a list (the user's role must be in it) or one role (at or above it; guest must match exactly) */
  roles: Role | readonly Role[];
  children: ReactNode;
  /** shown instead when the user is not allowed */
  fallback?: ReactNode;
}

/** The spec's permission gate (part 1 §6), by `roleAllows` from the contracts. */
export function Permission({ roles, children, fallback = null }: PermissionProps) {
  const user = useAtomValue(sessionUserAtom);
  return <>{roleAllows(user?.role, roles) ? children : fallback}</>;
}
