import { MessagesProvider, preloadRoutes, type RemoteAppModule, type RemoteAppProps } from '@agora/platform';
import { CategoriesAside } from './categories/CategoriesTab';
import { BasePathContext } from './projects/base';
import { StructureRoutes, structureRoutes } from './routes';
import { messages } from './i18n';

/**
 * Root of the administration-structure remote (exposed as `mf_admin_structure/App`). While it is mounted, the
 * categories tab is rendered into the shell's aside.
 */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <MessagesProvider messages={messages}>
      <BasePathContext.Provider value={basePath}>
        <StructureRoutes basePath={basePath} />
        <CategoriesAside />
      </BasePathContext.Provider>
    </MessagesProvider>
  );
}

/** Loads the chunk of the page at `pathname` ahead of the first render (see RemoteAppModule). */
export const preload: RemoteAppModule['preload'] = (pathname, basePath) =>
  preloadRoutes(structureRoutes(basePath), pathname);
