import type { Readable } from 'node:stream';

export const CACHE: string;
/** The environment for podman: CONTAINERS_CONF set (to a written default when it was unset). */
export function podmanEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function podman(
  args: string[],
  opts?: { quiet?: boolean; silent?: boolean; input?: Readable },
): Promise<void>;
export function podmanOut(args: string[]): string;
export function hasImage(ref: string): boolean;
