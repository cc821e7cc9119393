// Registers the shell's service worker (decision 0091). This module is in the entry chunk: it imports no shared
// module, and workbox-window is loaded only after the page's `load` event, so that neither its bytes nor the
// worker's install compete with the first visit's own requests.

/** What this module uses of workbox-window's `Workbox` (a fake in the tests). */
export interface WorkboxLike {
  addEventListener(type: 'waiting', listener: () => void): void;
  register(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export type MakeWorkbox = (scriptUrl: string) => Promise<WorkboxLike>;

export const SERVICE_WORKER_URL = '/sw.js';

const workboxWindow: MakeWorkbox = async (scriptUrl) => {
  const { Workbox } = await import(/* webpackChunkName: "workbox-window" */ 'workbox-window');
  return new Workbox(scriptUrl, { scope: '/' });
};

/**
 * After `load` (at once if the page has loaded already), registers /sw.js with scope `/`. An update found later
 * waits (the page keeps the shell and worker it started with) and takes over when this page leaves: the next
 * navigation is the first to be served by the new worker, and no page ever runs two shell versions. Does nothing
 * where service workers are missing (an old browser, a page not served over https or from localhost).
 */
export function registerServiceWorker(win: Window = window, make: MakeWorkbox = workboxWindow): void {
  if (!('serviceWorker' in win.navigator)) return;
  const start = () => {
    void (async () => {
      const wb = await make(SERVICE_WORKER_URL);
      wb.addEventListener('waiting', () => {
        win.addEventListener('pagehide', () => wb.messageSkipWaiting(), { once: true });
      });
      await wb.register();
    })().catch(() => {
      // No worker: the site works online as before.
    });
  };
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
