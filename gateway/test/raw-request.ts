import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request through node:http, for the gateway's integration tests: the path exactly as given, no Accept-Encoding
 * unless given, and the body exactly as sent (never decoded). `onFirstData` runs when the first bytes of the body
 * arrive, while the answer is still open.
 */
export function rawRequest(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  { method = 'GET', onFirstData }: { method?: string; onFirstData?: () => void } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        if (chunks.length === 0) onFirstData?.();
        chunks.push(c);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
