import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const SERVICES: readonly string[];
export function isBuilt(): boolean;
export function freePort(): Promise<number>;
/** `env` with an Ed25519 key pair (base64 DER) for the gateway and every service: configured or made now. */
export function withIdentityKeys(env: Record<string, string | undefined>): Record<string, string | undefined>;
export function waitForHttp(url: string, timeoutMs?: number, child?: ChildProcess): Promise<void>;
export function startMailCatcher(opts: {
  smtpPort: number;
  webPort: number;
  log?: (m: string) => void;
}): Promise<{ smtpUrl: string; webUrl: string; stop(): Promise<void> }>;

/** The first admin on this start: created now (with which password) or already there. */
export interface AdminLogin {
  created: boolean;
  username: string;
  password?: 'configured' | 'development';
}
export const DEV_ADMIN_PASSWORD: string;
export function adminLoginText(admin: AdminLogin): string;

/** The demo participants on this start: created now (demo data on, none of them there yet) or not. */
export interface DemoParticipantsPlan {
  created: boolean;
}
export const DEMO_PARTICIPANT_PASSWORD: string;
/** The banner's demo participants line; null unless development mode and created on this start. */
export function demoLoginText(
  demo: DemoParticipantsPlan,
  env: Record<string, string | undefined>,
): string | null;
/** The services in an order where each starts after the ones it calls (the service graph of @agora/contracts). */
export function serviceStartOrder(): Promise<string[]>;
export function openCommandInfra(
  env: Record<string, string | undefined>,
  options?: { exitCode?: number; log?: (message: string) => void },
): Promise<unknown>;

export interface AllInOne {
  url: string;
  port: number;
  services: Record<string, string>;
  admin: AdminLogin;
  demo: DemoParticipantsPlan;
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
/** How a crashed deployable is restarted: after `initialMs`, doubled each time, at most `maxMs`. */
export interface RestartBackoff {
  initialMs: number;
  maxMs: number;
  /** A process that ran this long before it exited starts the doubling again. */
  stableMs: number;
}
export const RESTART_BACKOFF: RestartBackoff;
/** Spawns `node args` as `name` and resolves once it answers `/health` on `port`. */
export function spawnProcess(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
  port: number,
  log?: (m: string) => void,
): Promise<Deployable>;
/** A deployable whose process is started again when it exits without being asked to. */
export interface Supervised extends Deployable {
  /** Restarts so far. */
  readonly restarts: number;
  /** Starts it again after `stop()`. */
  start(): Promise<void>;
}
export function supervise(
  name: string,
  start: () => Promise<Deployable>,
  options?: { log?: (m: string) => void; backoff?: RestartBackoff },
): Promise<Supervised>;
export interface Distributed {
  url: string;
  procs: Record<string, Supervised>;
  admin: AdminLogin;
  demo: DemoParticipantsPlan;
  stopOne(name: string): Promise<void>;
  restartOne(name: string): Promise<void>;
  stop(): Promise<void>;
}
export function startDistributed(opts: {
  env: Record<string, string | undefined>;
  gatewayPort: number;
  log?: (m: string) => void;
  backoff?: RestartBackoff;
}): Promise<Distributed>;
/** Spawns one deployable as its own process (its `dist/main.js`) and waits for its `/health`. */
export function spawnDeployable(
  name: string,
  env: Record<string, string | undefined>,
  port: number,
  log?: (line: string) => void,
): Promise<Deployable>;
