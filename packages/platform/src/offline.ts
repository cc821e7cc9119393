import { OFFLINE_LOGOUT_MESSAGE, isPersonalCache } from '@agora/contracts/offline';

/**
 * Removes what the service worker keeps of the user (decision 0091): the caches of API answers, and tells the
 * worker to forget the user (so that an answer still on its way is not stored after all). Called at logout, before
 * the page moves on. Never throws: a browser without the Cache API or a worker has nothing to remove.
 */
export async function clearOfflineData(win: Window = window): Promise<void> {
  try {
    const worker = win.navigator.serviceWorker?.controller;
    worker?.postMessage({ type: OFFLINE_LOGOUT_MESSAGE });
    if (!('caches' in win)) return;
    const names = (await win.caches.keys()).filter(isPersonalCache);
    await Promise.all(names.map((name) => win.caches.delete(name)));
  } catch {
    // storage unavailable (a private window's quota, say): nothing was stored either
  }
}
