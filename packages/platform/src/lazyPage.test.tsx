import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { lazyPage, preloadRoutes } from './lazyPage';

function Greeting({ name }: { name: string }) {
  return <p data-testid="page">hello {name}</p>;
}

/** A module load that the test settles by hand. */
function deferredModule() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const load = jest.fn(
    () =>
      new Promise<{ default: typeof Greeting }>((res, rej) => {
        resolve = () => res({ default: Greeting });
        reject = rej;
      }),
  );
  return { load, resolve: () => resolve(), reject: (error: Error) => reject(error) };
}

const fallback = jest.fn(() => <p data-testid="fallback">loading</p>);
function Fallback() {
  return fallback();
}

function withSuspense(children: ReactNode) {
  return <Suspense fallback={<Fallback />}>{children}</Suspense>;
}

beforeEach(() => fallback.mockClear());

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the Suspense fallback', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    const preloaded = Page.preload();
    module.resolve();
    await preloaded;

    render(withSuspense(<Page name="Agora" />));
    expect(screen.getByTestId('page').textContent).toBe('hello Agora');
    expect(fallback).not.toHaveBeenCalled();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when it was not preloaded, and loads the module once', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    render(withSuspense(<Page name="Agora" />));
    expect(screen.getByTestId('fallback')).toBeTruthy();
    const again = Page.preload();
    await act(async () => {
      module.resolve();
      await again;
    });
    expect(screen.getByTestId('page').textContent).toBe('hello Agora');
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next call', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    const first = Page.preload();
    module.reject(new Error('chunk failed'));
    await expect(first).rejects.toThrow('chunk failed');
    const second = Page.preload();
    module.resolve();
    await second;
    expect(module.load).toHaveBeenCalledTimes(2);
    render(withSuspense(<Page name="again" />));
    expect(screen.getByTestId('page').textContent).toBe('hello again');
  });
});

describe('preloadRoutes', () => {
  function Gate({ children }: { children: ReactNode }) {
    return <section>{children}</section>;
  }
  const pages = {
    list: deferredModule(),
    edit: deferredModule(),
    other: deferredModule(),
  };
  const List = lazyPage(pages.list.load);
  const Edit = lazyPage(pages.edit.load);
  const Other = lazyPage(pages.other.load);
  const routes = (base: string) => (
    <>
      <Route path={`${base}/items`} element={<Navigate to={`${base}/items/list`} replace />} />
      <Route
        path={`${base}/items/list`}
        element={
          <Gate>
            <List name="list" />
          </Gate>
        }
      />
      <Route path={`${base}/items/:id/edit`} element={<Edit name="edit" />} />
      <Route path="*" element={<Other name="other" />} />
    </>
  );

  it('loads only the pages of the route that matches the path, also inside wrapper elements', async () => {
    const loading = preloadRoutes(routes('/base'), '/base/items/list');
    pages.list.resolve();
    await loading;
    expect(pages.list.load).toHaveBeenCalledTimes(1);
    expect(pages.edit.load).not.toHaveBeenCalled();
    expect(pages.other.load).not.toHaveBeenCalled();

    // What <Routes> renders at that path shows the page at once.
    render(
      <MemoryRouter initialEntries={['/base/items/list']}>
        {withSuspense(<Routes>{routes('/base')}</Routes>)}
      </MemoryRouter>,
    );
    expect(screen.getByTestId('page').textContent).toBe('hello list');
    expect(fallback).not.toHaveBeenCalled();
  });

  it('matches route parameters and the catch-all route; a redirect has nothing to load', async () => {
    const edit = preloadRoutes(routes(''), '/items/42/edit');
    pages.edit.resolve();
    await edit;
    expect(pages.edit.load).toHaveBeenCalledTimes(1);

    await preloadRoutes(routes(''), '/items');
    expect(pages.other.load).not.toHaveBeenCalled();

    const other = preloadRoutes(routes(''), '/elsewhere');
    pages.other.resolve();
    await other;
    expect(pages.other.load).toHaveBeenCalledTimes(1);
  });

  it("starts a page's `ahead` with its route's parameters, before the page's module has loaded", async () => {
    const module = deferredModule();
    const ahead = jest.fn();
    const Item = lazyPage(module.load, ahead);
    const itemRoutes = (
      <>
        <Route path="/items/:id/view" element={<Item name="item" />} />
        <Route path="/items" element={<Item name="items" />} />
      </>
    );
    const loading = preloadRoutes(itemRoutes, '/items/42/view');
    expect(ahead).toHaveBeenCalledTimes(1);
    expect(ahead).toHaveBeenCalledWith({ id: '42' });
    module.resolve();
    await loading;
    await preloadRoutes(itemRoutes, '/elsewhere');
    expect(ahead).toHaveBeenCalledTimes(1);
    // a page preloaded without a route gets no parameters
    await Item.preload();
    expect(ahead).toHaveBeenLastCalledWith({});
  });
});
