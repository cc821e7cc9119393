import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const SERVICES: readonly string[];
export function isBuilt(): boolean;
export function freePort(): Promise<number>;
export function waitForHttp(url: string, timeoutMs?: number, child?: ChildProcess): Promise<void>;
export function startMailCatcher(opts: {
  smtpPort: number;
  webPort: number;
  log?: (m: string) => void;
}): Promise<{ smtpUrl: string; webUrl: string; stop(): Promise<void> }>;

export interface AllInOne {
  url: string;
  port: number;
  services: Record<string, string>;
  stop(): Promise<void>;
}
export function startAllInOne(opts: {
  env: Record<string, string | undefined>;
  log?: (m: string) => void;
}): Promise<AllInOne>;

export interface Deployable {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}
export interface Distributed {
  url: string;
  procs: Record<string, Deployable>;
  stopOne(name: string): Promise<void>;
  restartOne(name: string): Promise<void>;
  stop(): Promise<void>;
}
export function startDistributed(opts: {
  env: Record<string, string | undefined>;
  gatewayPort: number;
  log?: (m: string) => void;
}): Promise<Distributed>;
