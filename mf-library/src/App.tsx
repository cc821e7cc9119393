import { MessagesProvider, type RemoteAppProps } from '@agora/platform';
import { LibraryRoutes } from './routes';
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
