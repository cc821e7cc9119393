import { MessagesProvider, preloadRoutes, type RemoteAppModule, type RemoteAppProps } from '@agora/platform';
import { ConsultationRoutes, consultationRoutes } from './routes';
import { messages } from './i18n';

/** Root of the consultation remote (exposed as `mf_consultation/App`). */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <MessagesProvider messages={messages}>
      <ConsultationRoutes basePath={basePath} />
    </MessagesProvider>
  );
}

/** Loads the chunk of the page at `pathname` ahead of the first render (see RemoteAppModule). */
export const preload: RemoteAppModule['preload'] = (pathname, basePath) =>
  preloadRoutes(consultationRoutes(basePath), pathname);
