// A small Nominatim-compatible geocoder on a loopback port, for browser tests: `GET /search` answers a list of
// places (`[{lat, lon, display_name}]`) and `GET /reverse` one place with `address` details, in Nominatim's JSON
// shapes. It records every request; places are looked up by postcode (search) and by the nearest point (reverse).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeocoderPlace {
  lat: number;
  lon: number;
  road: string;
  house_number: string;
  city: string;
  postcode: string;
}

export interface LocalGeocoder {
  /** base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  /** the requests so far: path and query */
  requests: Array<{ path: string; query: URLSearchParams }>;
  stop(): Promise<void>;
}

function display(p: GeocoderPlace): string {
  return `${p.house_number}, ${p.road}, ${p.city}, ${p.postcode}, Ελλάς`;
}

export async function startGeocoder(places: GeocoderPlace[]): Promise<LocalGeocoder> {
  const requests: LocalGeocoder['requests'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://geocoder');
    requests.push({ path: url.pathname, query: url.searchParams });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        // the site calls the geocoder from the browser, from another origin
        'access-control-allow-origin': '*',
      });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return send(405, { error: 'method not allowed' });
    if (url.pathname === '/search') {
      const zip = (url.searchParams.get('postalcode') ?? '').replace(/\s+/g, '');
      const hits = places.filter((p) => p.postcode.replace(/\s+/g, '') === zip);
      return send(
        200,
        hits.map((p, i) => ({
          place_id: 1000 + i,
          lat: String(p.lat),
          lon: String(p.lon),
          display_name: display(p),
          class: 'place',
          type: 'house',
        })),
      );
    }
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      const lon = Number(url.searchParams.get('lon'));
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) return send(400, { error: 'Need coordinates' });
      const nearest = [...places].sort(
        (a, b) => Math.hypot(a.lat - lat, a.lon - lon) - Math.hypot(b.lat - lat, b.lon - lon),
      )[0];
      if (!nearest) return send(200, { error: 'Unable to geocode' });
      return send(200, {
        place_id: 2000,
        lat: String(nearest.lat),
        lon: String(nearest.lon),
        display_name: display(nearest),
        address: {
          house_number: nearest.house_number,
          road: nearest.road,
          city: nearest.city,
          postcode: nearest.postcode,
          country: 'Ελλάς',
          country_code: 'gr',
        },
      });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
