import { useCallback, useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import type { TileSettings } from '@agora/contracts';
import { useSettings } from '../frame/settings';

/**
 * The deployment's map tiles (`tileUrl`, `tileAttribution` of `GET /api/settings`, set with MAP_TILE_URL and
 * MAP_TILE_ATTRIBUTION); OpenStreetMap's when the settings cannot be read; null until they have answered.
 */
export function useTiles(): TileSettings | null {
  const { settings, state } = useSettings();
  if (state === 'pending') return null;
  return { tileUrl: settings.tileUrl, tileAttribution: settings.tileAttribution };
}

/** Puts the base layer on a map made with `L`; the function it returns takes it off again. */
export type AttachTiles = (L: typeof Leaflet, map: Leaflet.Map) => () => void;

/** The base layer's options: under every other tile layer (a project's WMS layers, say). */
const BASE_LAYER = { maxZoom: 19, zIndex: 0 } as const;

/**
 * The base tile layer of every map (`useLeafletMap` calls the returned function once the Leaflet map exists). The
 * layer is added when the settings have answered (a site with its own tile server never asks OpenStreetMap first)
 * and replaced when the tiles change.
 */
export function useTileLayer(): AttachTiles {
  const tiles = useTiles();
  const url = tiles?.tileUrl ?? null;
  const attribution = tiles?.tileAttribution ?? '';
  const state = useRef<{
    target?: { L: typeof Leaflet; map: Leaflet.Map };
    layer?: Leaflet.TileLayer;
    source: TileSettings | null;
  }>({ source: null });

  const place = useCallback(() => {
    const s = state.current;
    s.layer?.remove();
    s.layer = undefined;
    if (!s.target || !s.source) return;
    s.layer = s.target.L.tileLayer(s.source.tileUrl, {
      ...BASE_LAYER,
      attribution: s.source.tileAttribution,
    });
    s.layer.addTo(s.target.map);
  }, []);

  useEffect(() => {
    state.current.source = url === null ? null : { tileUrl: url, tileAttribution: attribution };
    place();
  }, [url, attribution, place]);

  return useCallback(
    (L, map) => {
      state.current.target = { L, map };
      place();
      return () => {
        state.current.layer?.remove();
        state.current.layer = undefined;
        state.current.target = undefined;
      };
    },
    [place],
  );
}
