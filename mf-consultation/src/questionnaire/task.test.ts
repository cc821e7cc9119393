import {
  colorOf,
  drawingOf,
  entriesOf,
  hasPanel,
  isPicking,
  NO_TASK,
  shapeOf,
  taskReducer,
  type Entry,
  type Task,
} from './task';
import { attribute, topic } from './testData';
import type { AnswerFeature } from './types';

const entry = (over: Parameters<typeof attribute>[0] = {}, overTopic: Parameters<typeof topic>[0] = {}) => ({
  attribute: attribute(over),
  topic: topic(overTopic),
});

const answer: AnswerFeature = {
  type: 'Feature',
  id: 'c1',
  geometry: { type: 'Point', coordinates: [23.73, 37.97] },
  properties: {
    token: 'c1',
    attribute: attribute().token,
    node: topic().token,
    isOwner: true,
    likes: 0,
    dislikes: 0,
    reaction: null,
    created: '2026-11-20T10:00:00Z',
  },
} as AnswerFeature;

const details = (e: Entry = entry(), a: AnswerFeature = answer): Task => ({
  kind: 'details',
  entry: e,
  answer: a,
});

describe('entriesOf', () => {
  it('finds each attribute by its token, with its topic', () => {
    const t = topic();
    const entries = entriesOf([t]);
    expect([...entries.keys()]).toEqual(t.attributes.map((a) => a.token));
    expect(entries.get(t.attributes[1]!.token)).toEqual({ attribute: t.attributes[1], topic: t });
  });
});

describe('shapeOf', () => {
  it("takes the attribute's shape, else its topic's, else none", () => {
    expect(shapeOf(entry({ geom_type: 'line' }))).toBe('line');
    expect(shapeOf(entry({ has_geometry: false }, { geom_type: 'polygon' }))).toBe('polygon');
    expect(shapeOf(entry({ has_geometry: false }, { has_geometry: false }))).toBeNull();
  });
});

describe('taskReducer', () => {
  it('selects the mode choice, the answers or the closed message', () => {
    const e = entry();
    expect(taskReducer(NO_TASK, { type: 'select', entry: e, selection: { kind: 'choose' } })).toEqual({
      kind: 'choose',
      entry: e,
    });
    expect(taskReducer(NO_TASK, { type: 'select', entry: e, selection: { kind: 'answers' } })).toEqual({
      kind: 'answers',
      entry: e,
    });
    const closed = { kind: 'closed', reason: 'ended', start: '2026-11-01', end: '2026-11-30' } as const;
    expect(taskReducer(NO_TASK, { type: 'select', entry: e, selection: closed })).toEqual({
      kind: 'closed',
      entry: e,
      selection: closed,
    });
  });

  it('goes from the mode choice to the answers, and nowhere else on "see"', () => {
    const e = entry();
    expect(taskReducer({ kind: 'choose', entry: e }, { type: 'see' })).toEqual({ kind: 'answers', entry: e });
    expect(taskReducer(NO_TASK, { type: 'see' })).toBe(NO_TASK);
  });

  it('draws, opens the form and an answer, and closes', () => {
    const e = entry();
    expect(taskReducer(NO_TASK, { type: 'draw', entry: e, shape: 'point' })).toEqual({
      kind: 'draw',
      entry: e,
      shape: 'point',
    });
    expect(taskReducer(NO_TASK, { type: 'form', entry: e, choice: 'c9', editable: true })).toEqual({
      kind: 'form',
      entry: e,
      choice: 'c9',
      editable: true,
    });
    expect(taskReducer(NO_TASK, { type: 'open', entry: e, answer })).toEqual(details(e));
    expect(taskReducer(details(e), { type: 'close' })).toBe(NO_TASK);
  });

  it("opens an answer's values and comes back to its details when the form closes", () => {
    const e = entry();
    const form = taskReducer(details(e), { type: 'values', editable: false });
    expect(form).toEqual({ kind: 'form', entry: e, choice: 'c1', editable: false, back: answer });
    expect(taskReducer(form, { type: 'formClosed' })).toEqual(details(e));
    const fresh = taskReducer(NO_TASK, { type: 'form', entry: e, choice: 'c9', editable: true });
    expect(taskReducer(fresh, { type: 'formClosed' })).toBe(NO_TASK);
    expect(taskReducer(NO_TASK, { type: 'values', editable: true })).toBe(NO_TASK);
  });

  it("edits an answer's vertices when it may be resized, else moves it as a whole", () => {
    const resizable = entry({ allow_resize: true });
    expect(taskReducer(details(resizable), { type: 'editShape' })).toEqual({
      kind: 'edit',
      entry: resizable,
      shape: 'point',
      answer,
      editing: 'vertices',
    });
    const draggable = entry({ allow_resize: false });
    expect(taskReducer(details(draggable), { type: 'editShape' })).toMatchObject({ editing: 'move' });
  });

  it('does not edit an answer of an attribute without a shape', () => {
    const noShape = details(entry({ has_geometry: false }, { has_geometry: false }));
    expect(taskReducer(noShape, { type: 'editShape' })).toBe(noShape);
  });

  it('shows the statistics and goes back to the answers when they close', () => {
    const e = entry();
    const stats = taskReducer(details(e), { type: 'stats' });
    expect(stats).toEqual({ kind: 'stats', entry: e });
    expect(taskReducer(stats, { type: 'statsClosed' })).toEqual({ kind: 'answers', entry: e });
    expect(taskReducer(NO_TASK, { type: 'stats' })).toBe(NO_TASK);
    expect(taskReducer(details(e), { type: 'statsClosed' })).toEqual(details(e));
  });
});

describe('what a task shows', () => {
  it('draws while drawing or editing only', () => {
    const draw: Task = { kind: 'draw', entry: entry(), shape: 'point' };
    expect(drawingOf(draw)).toBe(draw);
    expect(drawingOf(details())).toBeNull();
  });

  it('has a panel beside the map except for dialogs and nothing', () => {
    const e = entry();
    expect(hasPanel(NO_TASK)).toBe(false);
    expect(hasPanel({ kind: 'choose', entry: e })).toBe(false);
    expect(hasPanel({ kind: 'stats', entry: e })).toBe(false);
    expect(hasPanel({ kind: 'form', entry: e, choice: 'c1', editable: true })).toBe(false);
    expect(hasPanel({ kind: 'answers', entry: e })).toBe(true);
    expect(hasPanel(details(e))).toBe(true);
  });

  it('picks a predefined feature when the attribute being answered has some', () => {
    const predefined = {
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature' as const,
          id: 1,
          geometry: { type: 'Point' as const, coordinates: [23.73, 37.97] },
        },
      ],
    };
    const withFeatures = entry({ has_predefined: true, predefined } as Parameters<typeof attribute>[0]);
    expect(isPicking({ kind: 'draw', entry: withFeatures, shape: 'point' })).toBe(true);
    expect(isPicking({ kind: 'draw', entry: entry(), shape: 'point' })).toBe(false);
    expect(isPicking(details(withFeatures))).toBe(false);
  });

  it("paints in the attribute's colour, else the topic's", () => {
    expect(colorOf(entry({ geom_color: '#111111' }))).toBe('#111111');
    expect(colorOf(entry({ geom_color: '' }, { geom_color: '#222222' }))).toBe('#222222');
  });
});
