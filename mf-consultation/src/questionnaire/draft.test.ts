import { createIntl } from 'react-intl';
import { messages } from '../i18n';
import { announce, draftGeometry, draftReducer, emptyDraft, type Draft, type DraftAction } from './draft';
import { BOUNDARY } from './testData';

const INSIDE = { lat: 37.97, lng: 23.72 };
const INSIDE2 = { lat: 37.99, lng: 23.74 };
const OUTSIDE = { lat: 37.97, lng: 23.9 };

/** Runs the actions, and says each step in `locale` as the live region would. */
function run(start: Draft, actions: DraftAction[], locale: 'el' | 'en' = 'en') {
  const intl = createIntl({ locale, messages: messages[locale]! });
  const said: string[] = [];
  let draft = start;
  for (const action of actions) {
    const next = draftReducer(draft, action);
    const a = announce(draft, next, action, BOUNDARY);
    if (a) said.push(intl.formatMessage({ id: `consultation.questionnaire.live.${a.id}` }, a.values));
    draft = next;
  }
  return { draft, said };
}

describe('drawing with the keyboard', () => {
  it('places the vertices of a polygon, telling which lie inside the area', () => {
    const { draft, said } = run(emptyDraft('polygon'), [
      { type: 'place', at: INSIDE },
      { type: 'place', at: OUTSIDE },
      { type: 'place', at: INSIDE2 },
    ]);
    expect(said).toEqual([
      'Vertex 1 of 3 placed, inside the area.',
      'Vertex 2 of 3 placed, outside the area.',
      'Vertex 3 of 3 placed, inside the area.',
    ]);
    expect(draft.selected).toBe(2);
    expect(draftGeometry(draft)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [23.72, 37.97],
          [23.9, 37.97],
          [23.74, 37.99],
          [23.72, 37.97],
        ],
      ],
    });
  });

  it('selects, moves and deletes a vertex; the shape is complete only with enough vertices', () => {
    const placed = run(emptyDraft('line'), [
      { type: 'place', at: INSIDE },
      { type: 'place', at: OUTSIDE },
    ]).draft;
    const { draft, said } = run(placed, [
      { type: 'step', by: 1 },
      { type: 'move', at: INSIDE2 },
      { type: 'step', by: -1 },
      { type: 'delete' },
    ]);
    expect(said).toEqual([
      'Vertex 1 of 2 selected, inside the area.',
      'Vertex 1 moved, inside the area.',
      'Vertex 2 of 2 selected, outside the area.',
      'Vertex 2 deleted, 1 left.',
    ]);
    expect(draft.vertices).toEqual([INSIDE2]);
    expect(draftGeometry(draft)).toBeNull();
  });

  it('keeps one point for a point answer (placing again moves it), in Greek too', () => {
    const { draft, said } = run(
      emptyDraft('point'),
      [
        { type: 'place', at: OUTSIDE },
        { type: 'place', at: INSIDE },
      ],
      'el',
    );
    expect(said).toEqual([
      'Το σημείο τοποθετήθηκε, εκτός της περιοχής.',
      'Το σημείο τοποθετήθηκε, μέσα στην περιοχή.',
    ]);
    expect(draftGeometry(draft)).toEqual({ type: 'Point', coordinates: [23.72, 37.97] });
  });
});
