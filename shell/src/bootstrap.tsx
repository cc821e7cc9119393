import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createStore, Provider } from 'jotai';
import { SWRConfig } from 'swr';
import {
  bindConfirmStore,
  bindNotifyStore,
  MessagesProvider,
  preloadApiGet,
  preloadRoutes,
  refreshSession,
  swrDefaults,
} from '@agora/platform';
import { App, shellRoutes } from './App';
import { takeEarly } from './early';
import { shellMessages } from './i18n';
import { registerRemotesFromRegistry } from './remotes/federation';
import './shell.css';

async function start(): Promise<void> {
  const store = createStore();
  // notify() and confirm() called outside React (by the shell or a remote) reach the rendered queue and dialog.
  bindNotifyStore(store);
  bindConfirmStore(store);
  // The session loads in parallel; pages wait for it through sessionStatusAtom ('pending').
  void refreshSession(store, takeEarly('profile'));
  // The settings that the layout reads first (useSettings), from the request the entry chunk made.
  preloadApiGet('/api/settings', {}, takeEarly('settings'));
  // The page's own chunk, when the shell's route at this address is a lazy one, loads meanwhile: the first render
  // shows it at once.
  const page = preloadRoutes(shellRoutes(), window.location.pathname).catch((error: unknown) => {
    // Not fatal here: the route's Suspense boundary asks for it again when the page renders.
    console.error('[shell] could not preload the page', error);
  });
  try {
    await (takeEarly('remotes') ?? registerRemotesFromRegistry());
  } catch (error) {
    // The shell still works; every remote area shows its fallback.
    console.error('[shell] could not register the remotes', error);
  }
  await page;
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  // A data router (useBlocker for the forms' leave guard); the routes themselves stay declarative in App.
  const router = createBrowserRouter([{ path: '*', element: <App /> }]);
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <SWRConfig value={swrDefaults}>
          <MessagesProvider messages={shellMessages}>
            <RouterProvider router={router} />
          </MessagesProvider>
        </SWRConfig>
      </Provider>
    </StrictMode>,
  );
}

void start();
