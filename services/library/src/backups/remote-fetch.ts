import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether `address` is a public unicast address: not private, loopback, link-local (169.254.0.0/16, the cloud
 * metadata address among them), carrier-grade NAT, unique-local (fc00::/7), multicast, documentation, 6to4 or
 * Teredo, nor any other special-purpose range (ipaddr.js's `range()` is `unicast` only for the rest). An
 * IPv4-mapped IPv6 address is judged as the IPv4 address it holds.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Why a remote download failed; its message is for the log only, never for the caller. */
export class RemoteFetchError extends Error {}

/**
 * A DNS lookup that refuses a name when any of its addresses is not public (unless `anyAddress`), so the
 * address checked is the one connected to: there is no second lookup for a rebinding name to answer otherwise.
 */
export function guardedLookup(anyAddress: boolean): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      if (addresses.length === 0 || (!anyAddress && !addresses.every((a) => isPublicAddress(a.address))))
        return callback(new RemoteFetchError(`${hostname} resolves to an address that is not allowed`));
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  }) as LookupFunction;
}

/**
 * GET `url` and answer the body of a 200 answer. With `anyAddress` false, the host must be (or resolve to) public
 * addresses only, checked at connect time. Redirects are never followed: any answer but 200 is a failure.
 * Every failure is a `RemoteFetchError` (or the network error) whose detail is for the log only.
 */
export async function fetchRemote(
  url: URL,
  options: { headers: Record<string, string>; anyAddress: boolean; signal: AbortSignal },
): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // An address literal is never looked up: it is checked here.
  if (isIP(host) && !options.anyAddress && !isPublicAddress(host))
    throw new RemoteFetchError(`${host} is not a public address`);
  const get = url.protocol === 'https:' ? https.get : http.get;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(url, {
      headers: options.headers,
      lookup: guardedLookup(options.anyAddress),
      agent: false,
      signal: options.signal,
    });
    req.once('response', resolve);
    req.once('error', reject);
  });
  if (res.statusCode !== 200) {
    res.resume();
    throw new RemoteFetchError(`the other server answered ${res.statusCode}`);
  }
  return res;
}
