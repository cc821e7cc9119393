// The answers' layers of the questionnaire: mine always (the limits count it); all and top when offered and
// checked, following the drawn-area filter of experts and staff.
import { useCallback, useMemo, useState } from 'react';
import { useApiGet, useApiGetWithin } from '@agora/platform';
import { useAreaWithin } from '../data/map/MapAnalytics';
import {
  ANSWER_LAYERS,
  type AnswerCollection,
  type AnswerFeature,
  type AnswerLayer,
  isLargeLayer,
  type Questionnaire,
} from './types';

const LAYER_PATH = '/api/data/scope/geojson/project/{project}';
const layerInit = (project: string, layer: AnswerLayer) => ({
  params: { path: { project }, query: { layer } },
});

export interface ShownLayer {
  layer: AnswerLayer;
  collection: AnswerCollection | undefined;
}

export interface AnswerData {
  /** the layers the aside offers */
  offered: readonly AnswerLayer[];
  checked: Record<AnswerLayer, boolean>;
  setLayer: (layer: AnswerLayer, on: boolean) => void;
  /** the layer of all answers is too large to draw at first (`LARGE_LAYER`): shown as clusters until ticked */
  large: boolean;
  /** the caller's answers */
  mine: AnswerCollection | undefined;
  /** the caller's answers as the limits count them */
  own: Array<{ attribute: string; node: string }>;
  /** the checked layers that have loaded */
  shown: ShownLayer[];
  /** loads the checked layers again */
  refresh: () => void;
  /** the answers to an attribute in the shown layers, each once */
  answersOf: (attribute: string) => AnswerFeature[];
}

export function useAnswerData({ project, access }: Pick<Questionnaire, 'project' | 'access'>): AnswerData {
  const normal = access.role === 'normal';
  const offered = useMemo(
    () => ANSWER_LAYERS.filter((l) => l === 'mine' || access.see_all),
    [access.see_all],
  );
  const large = !normal && isLargeLayer(access);
  const [checked, setChecked] = useState<Record<AnswerLayer, boolean>>({
    mine: true,
    all: !normal && access.see_all && !large,
    top: false,
  });
  const once = { revalidateOnFocus: false };
  const mine = useApiGet(LAYER_PATH, layerInit(project.token, 'mine'), once);
  const within = useAreaWithin(project.token, !normal);
  const others = (layer: AnswerLayer) =>
    checked[layer] && offered.includes(layer) ? layerInit(project.token, layer) : null;
  const all = useApiGetWithin(LAYER_PATH, others('all'), within, once);
  const top = useApiGetWithin(LAYER_PATH, others('top'), within, once);
  const refresh = useCallback(() => {
    void mine.mutate();
    if (checked.all) void all.mutate();
    if (checked.top) void top.mutate();
  }, [mine, all, top, checked.all, checked.top]);
  const shown = useMemo(
    () =>
      [
        { layer: 'mine' as const, collection: checked.mine ? mine.data : undefined },
        { layer: 'all' as const, collection: checked.all ? all.data : undefined },
        { layer: 'top' as const, collection: checked.top ? top.data : undefined },
      ].filter((s) => s.collection),
    [checked, mine.data, all.data, top.data],
  );
  const own = useMemo(
    () =>
      (mine.data?.features ?? []).map((f) => ({
        attribute: f.properties.attribute,
        node: f.properties.node,
      })),
    [mine.data],
  );
  const setLayer = useCallback(
    (layer: AnswerLayer, on: boolean) => setChecked((c) => ({ ...c, [layer]: on })),
    [],
  );
  const answersOf = (attribute: string) => {
    const seen = new Set<string>();
    return shown
      .flatMap((s) => s.collection?.features ?? [])
      .filter((f) => f.properties.attribute === attribute && !seen.has(f.id) && seen.add(f.id));
  };
  return { offered, checked, setLayer, large, mine: mine.data, own, shown, refresh, answersOf };
}
