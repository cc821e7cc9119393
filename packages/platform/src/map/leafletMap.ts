import { useEffect, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type * as Leaflet from 'leaflet';
import { useTileLayer } from './tiles';

/** The Leaflet module (one copy per page: the shell provides it to every remote as a shared singleton). */
export type LeafletModule = typeof Leaflet;

/** A map made by `useLeafletMap`, with the Leaflet module that made it. */
export interface LeafletMapHandle {
  L: LeafletModule;
  map: Leaflet.Map;
}

export interface LeafletMapInit {
  /** the first view; later changes are the caller's to apply (`map.setView`, `map.panTo`) */
  center: { lat: number; lng: number };
  zoom: number;
  minZoom?: number;
  maxZoom?: number;
  /** load leaflet-draw as well (its toolbar, `L.Control.Draw`) */
  draw?: boolean;
}

let leaflet: Promise<LeafletModule> | undefined;
let leafletDraw: Promise<LeafletModule> | undefined;
/** leaflet-draw has loaded (its handlers and toolbar are on the global `L`) */
let leafletDrawLoaded = false;

/** Leaflet and its stylesheet, loaded on first use, once per page. */
export function loadLeaflet(): Promise<LeafletModule> {
  leaflet ??= Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([mod]) => {
    return (mod as { default?: LeafletModule }).default ?? mod;
  });
  return leaflet;
}

/** Leaflet, then leaflet-draw (a plugin that extends the global `L`) and its stylesheet, once per page. */
export function loadLeafletDraw(): Promise<LeafletModule> {
  leafletDraw ??= loadLeaflet().then(async (L) => {
    (globalThis as { L?: LeafletModule }).L = L;
    await Promise.all([import('leaflet-draw'), import('leaflet-draw/dist/leaflet.draw.css')]);
    leafletDrawLoaded = true;
    return L;
  });
  return leafletDraw;
}

/**
 * The map of `handle` once leaflet-draw is loaded as well (`L.Draw`, `L.Control.Draw`, what `setUpDraw` needs),
 * null before: for a map made without `draw` that draws only when the user starts to. leaflet-draw is loaded when
 * `wanted` is first true (at once when it has already loaded on this page), so a page that never draws never
 * downloads or runs it.
 */
export function useLeafletDraw(handle: LeafletMapHandle | null, wanted: boolean): LeafletMapHandle | null {
  const [loaded, setLoaded] = useState(leafletDrawLoaded);
  useEffect(() => {
    if (!wanted || loaded) return;
    let cancelled = false;
    void loadLeafletDraw().then(() => {
      if (!cancelled) setLoaded(true);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, loaded]);
  return loaded ? handle : null;
}

/**
 * The one way the site makes a Leaflet map: in the element `box`, once (Leaflet is loaded on first use), with the
 * site's base tiles (`useTileLayer`), removed with the component. `init` is read when the map is made. Answers
 * null until the map exists, then the map: the caller's effects that depend on it add their layers and handlers
 * and take them off by reference in their cleanup, and follow later prop changes.
 */
export function useLeafletMap(
  box: RefObject<HTMLElement | null>,
  init: LeafletMapInit,
): LeafletMapHandle | null {
  const [handle, setHandle] = useState<LeafletMapHandle | null>(null);
  const attachTiles = useTileLayer();
  const first = useRef(init);

  useEffect(() => {
    let cancelled = false;
    let made: { map: Leaflet.Map; detachTiles: () => void } | undefined;
    const { center, zoom, minZoom, maxZoom, draw } = first.current;
    void (draw ? loadLeafletDraw() : loadLeaflet()).then((L) => {
      if (cancelled || !box.current) return;
      const map = L.map(box.current, {
        center: [center.lat, center.lng],
        zoom,
        ...(minZoom === undefined ? {} : { minZoom }),
        ...(maxZoom === undefined ? {} : { maxZoom }),
      });
      made = { map, detachTiles: attachTiles(L, map) };
      setHandle({ L, map });
    });
    return () => {
      cancelled = true;
      if (made) {
        made.detachTiles();
        made.map.remove();
      }
      setHandle(null);
    };
  }, [box, attachTiles]);

  return handle;
}

/**
 * A map component's props, with the page's locale, as of its last render: for the handlers a map sets up once
 * (the draw toolbar's, its texts).
 */
export function useLatestProps<P extends object>(props: P) {
  const { locale } = useIntl();
  const latest = useRef({ ...props, locale });
  useEffect(() => {
    latest.current = { ...props, locale };
  });
  return latest;
}
