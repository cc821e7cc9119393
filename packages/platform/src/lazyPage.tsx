import { Children, isValidElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { createRoutesFromElements, matchRoutes, type Params } from 'react-router-dom';

/** A page loaded on first render, like `React.lazy`, that can also be loaded ahead with `preload()`. */
export interface LazyPage<P extends object> {
  (props: P): ReactNode;
  /**
   * Loads the page's module, and starts what the page's `ahead` starts with the route's `params`; a failed load is
   * tried again by the next call or render.
   */
  preload(params?: Readonly<Params>): Promise<void>;
}

/**
 * `React.lazy` for a route's page, with `preload()`: a page that was preloaded renders at once, without
 * suspending (no loading state, and React does not hold its content back after a fallback). One that was not
 * suspends like `React.lazy` does. `ahead`, when given, is run by `preload` with the route's parameters, beside the
 * module's load: what the page will need at once (its first API call, a library it loads itself), so that it is
 * fetched in parallel with the page's code rather than after it.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  ahead?: (params: Readonly<Params>) => void,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await loadOnce() }));

  function Page(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  const preload = async (params: Readonly<Params> = {}) => {
    ahead?.(params);
    await loadOnce();
  };
  return Object.assign(Page, { preload });
}

function isLazyPage(type: unknown): type is LazyPage<object> {
  return typeof type === 'function' && typeof (type as { preload?: unknown }).preload === 'function';
}

/** The lazy pages in an element tree (a route's element, e.g. `<Gate><GalleryPage /></Gate>`). */
function pagesIn(node: ReactNode): Array<LazyPage<object>> {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  if (isLazyPage(node.type)) return [node.type];
  return Children.toArray(node.props.children).flatMap(pagesIn);
}

/**
 * Loads the lazy pages that `routes` (the `<Route>` elements given to `<Routes>`) render at `pathname`, each with
 * its route's parameters for its `ahead`: a remote's `preload`, so that its first render shows the page at once.
 */
export async function preloadRoutes(routes: ReactNode, pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromElements(routes), pathname) ?? [];
  await Promise.all(
    matches.flatMap((match) => pagesIn(match.route.element).map((page) => page.preload(match.params))),
  );
}
