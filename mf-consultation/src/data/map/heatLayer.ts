// The heat map of the answers' points: simpleheat on a canvas in the map's overlay pane. The points are binned
// into cells of half the radius first (about the view's pixels / 100 cells, whatever the number of answers),
// redrawn when the map stops moving; while panning the canvas moves with the map.
import { useEffect, useMemo } from 'react';
import simpleheat from 'simpleheat';
import type { LeafletMapHandle } from '@agora/platform';
import { hasCanvas, mercator } from './points';

const RADIUS = 18;
const BLUR = 14;

export function useHeatLayer(handle: LeafletMapHandle | null, coords: Float64Array | null): void {
  const projected = useMemo(() => (coords ? mercator(coords) : null), [coords]);
  useEffect(() => {
    if (!handle || !projected || !hasCanvas()) return;
    const { L, map } = handle;
    const canvas = L.DomUtil.create('canvas', 'cons-heat leaflet-zoom-hide') as HTMLCanvasElement;
    canvas.setAttribute('aria-hidden', 'true');
    canvas.style.position = 'absolute';
    canvas.style.pointerEvents = 'none';
    map.getPanes().overlayPane.appendChild(canvas);
    const heat = simpleheat(canvas).radius(RADIUS, BLUR);
    const cell = RADIUS / 2;

    const draw = () => {
      const size = map.getSize();
      canvas.width = size.x;
      canvas.height = size.y;
      heat.resize();
      L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
      const scale = 2 ** map.getZoom();
      const origin = map.getPixelBounds().min!;
      const cols = Math.ceil(size.x / cell) + 4;
      const rows = Math.ceil(size.y / cell) + 4;
      const grid = new Float32Array(cols * rows);
      for (let i = 0; i < projected.length; i += 2) {
        const x = projected[i]! * scale - origin.x;
        const y = projected[i + 1]! * scale - origin.y;
        const c = Math.floor(x / cell) + 2;
        const r = Math.floor(y / cell) + 2;
        if (c >= 0 && c < cols && r >= 0 && r < rows) grid[r * cols + c]! += 1;
      }
      const data: Array<[number, number, number]> = [];
      let max = 0;
      for (let k = 0; k < grid.length; k++) {
        const v = grid[k]!;
        if (v === 0) continue;
        max = Math.max(max, v);
        data.push([((k % cols) - 2 + 0.5) * cell, (Math.floor(k / cols) - 2 + 0.5) * cell, v]);
      }
      // a square root keeps a few dense cells from washing out the rest
      heat
        .data(data.map(([x, y, v]) => [x, y, Math.sqrt(v)]))
        .max(Math.sqrt(max) || 1)
        .draw(0.1);
      map.getContainer().dataset['heatCells'] = String(data.length);
    };
    draw();
    map.on('moveend resize', draw);
    return () => {
      map.off('moveend resize', draw);
      canvas.remove();
      delete map.getContainer().dataset['heatCells'];
    };
  }, [handle, projected]);
}
