import { MessagesProvider, preloadRoutes, type RemoteAppModule, type RemoteAppProps } from '@agora/platform';
import { LibraryRoutes, libraryRoutes } from './routes';
import { messages } from './i18n';
// The remote's styles, loaded once with its root (small; the pages' chunks then carry no CSS of their own).
import './common/library.css';
import './gallery/gallery.css';

/** Root of the library remote (exposed as `mf_library/App`). */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <MessagesProvider messages={messages}>
      <LibraryRoutes basePath={basePath} />
    </MessagesProvider>
  );
}

/** Loads the chunk of the page at `pathname` ahead of the first render (see RemoteAppModule). */
export const preload: RemoteAppModule['preload'] = (pathname, basePath) =>
  preloadRoutes(libraryRoutes(basePath), pathname);
