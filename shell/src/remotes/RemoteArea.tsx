import {
  Component,
  createContext,
  Suspense,
  use,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { FormattedMessage } from 'react-intl';
import { Loading, type RemoteAppProps } from '@agora/platform';
import { loadRemoteApp } from './federation';
import { isSettled, tracked } from './thenable';

/** Loads a remote's root component; `retry` is true after the user pressed the retry button. */
export type RemoteLoader = (name: string, retry: boolean) => Promise<ComponentType<RemoteAppProps>>;

/** The loader used by every RemoteArea (tests provide their own). */
export const RemoteLoaderContext = createContext<RemoteLoader>(loadRemoteApp);

/** A remote that has not answered after this long shows its fallback. */
export const REMOTE_LOAD_TIMEOUT_MS = 10_000;

export class RemoteTimeoutError extends Error {
  constructor(name: string, ms: number) {
    super(`remote ${name} did not load within ${ms} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type RemoteApp = ComponentType<RemoteAppProps>;

/** Loads that succeeded, per loader and remote: coming back to an area renders at once. */
const loadedApps = new WeakMap<RemoteLoader, Map<string, Promise<RemoteApp>>>();

function loadApp(loader: RemoteLoader, name: string, retry: boolean, timeoutMs: number): Promise<RemoteApp> {
  let cache = loadedApps.get(loader);
  if (!cache) {
    cache = new Map();
    loadedApps.set(loader, cache);
  }
  const cached = retry ? undefined : cache.get(name);
  if (cached) return cached;
  const loading = loader(name, retry);
  // A load that settled before the area rendered (started with the shell, see startRemoteApp) is used as it is.
  const promise = isSettled(loading)
    ? loading
    : tracked(withTimeout(loading, timeoutMs, () => new RemoteTimeoutError(name, timeoutMs)));
  promise.then(
    () => cache.set(name, promise),
    () => undefined, // the error boundary shows the failure
  );
  return promise;
}

/**
 * Shows the loading state until `load` settles, without suspending: React holds back content that replaces a
 * Suspense fallback for 300 ms after the fallback appeared, while a state update shows the remote at once.
 */
function UntilSettled({ load, children }: { load: Promise<unknown>; children: ReactNode }) {
  const [settled, setSettled] = useState<Promise<unknown> | null>(null);
  useEffect(() => {
    let mounted = true;
    const done = () => {
      if (mounted) setSettled(load);
    };
    load.then(done, done);
    return () => {
      mounted = false;
    };
  }, [load]);
  return settled === load || isSettled(load) ? children : <Loading />;
}

function RemoteMount({ app, basePath }: { app: Promise<RemoteApp>; basePath: string }) {
  // Settled (UntilSettled): use() returns the component or throws the failure to the error boundary.
  const App = use(app);
  // The component comes from the remote's module: its identity is stable for as long as the module is loaded.
  // eslint-disable-next-line react-hooks/static-components
  return <App basePath={basePath} />;
}

interface BoundaryProps {
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[shell] remote area failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function RemoteFallback({ folder, onRetry }: { folder: string; onRetry: () => void }) {
  return (
    <section className="sh-remote-fallback" role="alert" data-testid="remote-fallback" data-area={folder}>
      <h1>
        <FormattedMessage id="shell.remote.unavailable.title" />
      </h1>
      <p>
        <FormattedMessage id="shell.remote.unavailable.text" />
      </p>
      <button type="button" className="sh-button" onClick={onRetry} data-testid="remote-retry">
        <FormattedMessage id="shell.remote.retry" />
      </button>
    </section>
  );
}

export interface RemoteAreaProps {
  /** Module Federation container name, e.g. `mf_library` */
  name: string;
  /** folder of the remote, e.g. `mf-library` */
  folder: string;
  basePath: string;
  timeoutMs?: number;
}

/**
 * Mounts a remote's `./App`. Render it with a `key` per area: the error boundary keeps its state for as long as
 * the instance lives. A failed or timed-out load shows a fallback with a retry button.
 */
export function RemoteArea({ name, folder, basePath, timeoutMs = REMOTE_LOAD_TIMEOUT_MS }: RemoteAreaProps) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);

  const app = useMemo(
    () => loadApp(loader, name, attempt > 0, timeoutMs),
    [loader, name, attempt, timeoutMs],
  );

  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={() => <RemoteFallback folder={folder} onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <UntilSettled load={app}>
        <Suspense fallback={<Loading />}>
          <RemoteMount app={app} basePath={basePath} />
        </Suspense>
      </UntilSettled>
    </RemoteErrorBoundary>
  );
}
