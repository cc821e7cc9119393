import type { ReactNode } from 'react';
import { ErrorFromCall } from './ErrorFromCall';
import { Loading } from './Loading';

/** What a read shows: its error, the busy indicator until its answer is there, then `children` of the answer. */
export function Loaded<T>({
  error,
  isLoading,
  data,
  children,
}: {
  error: unknown;
  isLoading?: boolean;
  data: T | null | undefined;
  children: (data: T) => ReactNode;
}) {
  if (error) return <ErrorFromCall error={error} />;
  if (isLoading || data === undefined || data === null) return <Loading />;
  return <>{children(data)}</>;
}
