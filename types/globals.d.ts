/** Version of the build (shell or remote) that contains the module, injected by rspack's DefinePlugin. */
declare const __APP_VERSION__: string;

declare module '*.css';

/** The real React Router build behind the shell's shared `react-router` (see shell/src/shared/react-router.ts). */
declare module '@agora/react-router-impl' {
  export * from 'react-router';
}

/** Message catalogues (`src/messages/<locale>.json`): message id to ICU message. */
declare module '*/messages/el.json' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*/messages/en.json' {
  const messages: Record<string, string>;
  export default messages;
}
