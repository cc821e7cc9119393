import { registerServiceWorker, SERVICE_WORKER_URL, type WorkboxLike } from './register';

/** A Workbox stand-in that records what the page asks of it. */
function fakeWorkbox() {
  const listeners: Array<() => void> = [];
  const wb: WorkboxLike & { registered: number; skipped: number; fireWaiting(): void } = {
    registered: 0,
    skipped: 0,
    addEventListener: (_type, listener) => listeners.push(listener),
    register: async () => {
      wb.registered++;
    },
    messageSkipWaiting: () => {
      wb.skipped++;
    },
    fireWaiting: () => listeners.forEach((l) => l()),
  };
  return wb;
}

/** Lets the registration's promise chain run. */
const settle = () => new Promise((done) => setTimeout(done, 0));

function withServiceWorker(present: boolean) {
  const descriptor = Object.getOwnPropertyDescriptor(window.navigator, 'serviceWorker');
  if (present) Object.defineProperty(window.navigator, 'serviceWorker', { value: {}, configurable: true });
  return () => {
    if (descriptor) Object.defineProperty(window.navigator, 'serviceWorker', descriptor);
    else delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
  };
}

function withReadyState(state: DocumentReadyState) {
  const spy = jest.spyOn(document, 'readyState', 'get').mockReturnValue(state);
  return () => spy.mockRestore();
}

describe('registerServiceWorker', () => {
  let restore: Array<() => void> = [];
  afterEach(() => {
    restore.forEach((r) => r());
    restore = [];
  });

  it('waits for the load event, then registers /sw.js', async () => {
    restore.push(withServiceWorker(true), withReadyState('interactive'));
    const wb = fakeWorkbox();
    const make = jest.fn(async () => wb);
    registerServiceWorker(window, make);
    await settle();
    expect(make).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await settle();
    expect(make).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    expect(wb.registered).toBe(1);
  });

  it('registers at once when the page has loaded already', async () => {
    restore.push(withServiceWorker(true), withReadyState('complete'));
    const wb = fakeWorkbox();
    registerServiceWorker(window, async () => wb);
    await settle();
    expect(wb.registered).toBe(1);
  });

  it('lets a waiting update take over only when the page leaves', async () => {
    restore.push(withServiceWorker(true), withReadyState('complete'));
    const wb = fakeWorkbox();
    registerServiceWorker(window, async () => wb);
    await settle();
    wb.fireWaiting();
    expect(wb.skipped).toBe(0);
    window.dispatchEvent(new Event('pagehide'));
    expect(wb.skipped).toBe(1);
  });

  it('does nothing without service workers, and a failed registration is no error', async () => {
    restore.push(withServiceWorker(false), withReadyState('complete'));
    const make = jest.fn(async () => fakeWorkbox());
    registerServiceWorker(window, make);
    await settle();
    expect(make).not.toHaveBeenCalled();

    restore.push(withServiceWorker(true));
    registerServiceWorker(window, async () => {
      throw new Error('SecurityError');
    });
    await settle();
  });
});
