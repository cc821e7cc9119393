import { MessagesProvider, type RemoteAppProps } from '@agora/platform';
import { MembersRoutes } from './routes';
import { messages } from './i18n';

/** Root of the members remote (exposed as `mf_members/App`). */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <MessagesProvider messages={messages}>
      <MembersRoutes basePath={basePath} />
    </MessagesProvider>
  );
}
