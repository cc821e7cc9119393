import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { ErrorBody } from '@agora/contracts';
import type { DocumentationHtmlAnswer } from '@agora/contracts/api';
import { ApiError, apiUrl, Loading } from '@agora/platform';
import { LoadError } from '../common/LoadError';
import { sanitizeHtml } from '../common/sanitize';

type State = { uri: string } & (
  | { kind: 'loading' }
  | { kind: 'html'; title: string; html: string }
  | { kind: 'file'; name: string; url: string }
  | { kind: 'error'; error: ApiError }
);

/** `?action=documentation&uri={uri}`: an html page as JSON, or the file itself (so read with `fetch`, not the client). */
export function documentationUrl(uri: string): string {
  return apiUrl(`?action=documentation&uri=${encodeURIComponent(uri)}`);
}

/**
 * The documentation viewer (`/documentation/{uri…}`): an html entry shows its title and sanitised html; a
 * resource entry triggers the download, named after the uri's last segment.
 */
export default function DocumentationViewer() {
  const uri = useParams()['*'] ?? '';
  const [loaded, setState] = useState<State>({ uri: '', kind: 'loading' });
  const state: State = loaded.uri === uri ? loaded : { uri, kind: 'loading' };

  useEffect(() => {
    let live = true;
    let objectUrl: string | null = null;
    (async () => {
      const res = await fetch(documentationUrl(uri), { credentials: 'include' });
      const type = res.headers?.get?.('content-type') ?? 'application/json';
      if (!res.ok) {
        let message = res.statusText;
        let code: string | undefined;
        try {
          const body = (await res.json()) as Partial<ErrorBody>;
          message = body.Error ?? message;
          code = body.code;
        } catch {
          // not JSON
        }
        throw new ApiError(res.status, message, code);
      }
      if (type.includes('json')) {
        const body = (await res.json()) as DocumentationHtmlAnswer;
        if (live)
          setState({ uri, kind: 'html', title: body.title ?? '', html: sanitizeHtml(body.html ?? '') });
        return;
      }
      const blob = await res.blob();
      const name = uri.split('/').filter(Boolean).pop() ?? 'download';
      objectUrl = URL.createObjectURL(blob);
      if (!live) return;
      setState({ uri, kind: 'file', name, url: objectUrl });
      const a = document.createElement('a');
      a.href = objectUrl;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
    })().catch((e: unknown) => {
      if (live)
        setState({
          uri,
          kind: 'error',
          error: e instanceof ApiError ? e : new ApiError(0, 'unexpected error'),
        });
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [uri]);

  return (
    <article className="lib-public" data-testid="documentation-viewer">
      {state.kind === 'loading' ? (
        <Loading />
      ) : state.kind === 'error' ? (
        <LoadError error={state.error} />
      ) : state.kind === 'html' ? (
        <>
          <h1 data-testid="documentation-title">{state.title}</h1>
          <div
            className="lib-html"
            data-testid="documentation-html"
            dangerouslySetInnerHTML={{ __html: state.html }}
          />
        </>
      ) : (
        <p data-testid="documentation-download">
          <FormattedMessage id="library.docs.downloadStarted" />{' '}
          <a href={state.url} download={state.name}>
            {state.name}
          </a>
        </p>
      )}
    </article>
  );
}
