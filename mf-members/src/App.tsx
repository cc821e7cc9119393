import { MessagesProvider, preloadRoutes, type RemoteAppModule, type RemoteAppProps } from '@agora/platform';
import { MembersRoutes, membersRoutes } from './routes';
import { messages } from './i18n';

/** Root of the members remote (exposed as `mf_members/App`). */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <MessagesProvider messages={messages}>
      <MembersRoutes basePath={basePath} />
    </MessagesProvider>
  );
}

/** Loads the chunk of the page at `pathname` ahead of the first render (see RemoteAppModule). */
export const preload: RemoteAppModule['preload'] = (pathname, basePath) =>
  preloadRoutes(membersRoutes(basePath), pathname);
