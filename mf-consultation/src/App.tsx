import { MessagesProvider, type RemoteAppProps } from '@agora/platform';
import { ConsultationRoutes } from './routes';
import { messages } from './i18n';

/** Root of the consultation remote (exposed as `mf_consultation/App`). */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <MessagesProvider messages={messages}>
      <ConsultationRoutes basePath={basePath} />
    </MessagesProvider>
  );
}
