import { createApiClient } from '@agora/contracts';
import { applyMove, buildTree, flattenTree, planMove, sendMove, type Move, type PlanTree } from './tree';
import type { AttributeAnswer, TopicAnswer, VariableAnswer } from '@agora/contracts/api';

/** The request that sends `move` in project P: method, URL and body. */
async function moveRequest(move: Move) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const client = createApiClient(async (method, url, body) => {
    sent.push({ method, url, body });
    return { message: 'successful update' };
  });
  await sendMove(client, 'P', move);
  return sent;
}

const topic = (token: string, sort_order: number): TopicAnswer => ({
  token,
  project: 'P',
  title: `Topic ${token}`,
  mname: token,
  description: '',
  has_geometry: false,
  boundary: null,
  geom_type: null,
  max_geom: null,
  geom_color: '',
  relative_documents: [],
  forum_topic_id: null,
  forum_topic_url: null,
  sort_order,
});
const attribute = (token: string, node: string, sort_order: number): AttributeAnswer => ({
  token,
  node,
  name: `Attr ${token}`,
  mname: token,
  icon: '',
  icon_alt: '',
  has_geometry: false,
  geom_type: null,
  geom_color: '',
  max_geom: null,
  allow_drag: false,
  allow_resize: false,
  has_predefined: false,
  predefined: null,
  has_context: false,
  context: null,
  is_visible: true,
  forum_topic_id: null,
  forum_topic_url: null,
  sort_order,
});
const variable = (token: string, attr: string, sort_order: number): VariableAnswer => ({
  token,
  attribute: attr,
  mname: token,
  description: '',
  tooltip: '',
  icon: '',
  is_visible: true,
  variable_type: [],
  forum_topic_id: null,
  forum_topic_url: null,
  sort_order,
});

/** t1: a1 (v1, v2), a2; t2: a3; t3: (none) */
const lists = {
  topics: [topic('t2', 2), topic('t3', 3), topic('t1', 1)],
  attributes: [
    attribute('a2', 't1', 2),
    attribute('a3', 't2', 1),
    attribute('a1', 't1', 1),
    attribute('ax', 'gone', 1),
  ],
  variables: [variable('v2', 'a1', 2), variable('v1', 'a1', 1), variable('vx', 'gone', 1)],
};

const shape = (tree: PlanTree) =>
  tree.map((t) => [
    `${t.topic.token}#${t.topic.sort_order}`,
    t.attributes.map((a) => [
      `${a.attribute.token}#${a.attribute.sort_order}@${a.attribute.node}`,
      a.variables.map((v) => `${v.token}#${v.sort_order}@${v.attribute}`),
    ]),
  ]);

describe('plan tree', () => {
  it('nests variables in attributes in topics, each level by sort order, orphans left out', () => {
    expect(shape(buildTree(lists))).toEqual([
      [
        't1#1',
        [
          ['a1#1@t1', ['v1#1@a1', 'v2#2@a1']],
          ['a2#2@t1', []],
        ],
      ],
      ['t2#2', [['a3#1@t2', []]]],
      ['t3#3', []],
    ]);
    const flat = flattenTree(buildTree(lists));
    expect(flat.topics.map((t) => t.token)).toEqual(['t1', 't2', 't3']);
    expect(flat.attributes.map((a) => a.token)).toEqual(['a1', 'a2', 'a3']);
    expect(flat.variables.map((v) => v.token)).toEqual(['v1', 'v2']);
  });
});

describe('ordering maths', () => {
  const tree = buildTree(lists);

  it('moves a topic to the place of the topic it is dropped on (1-based)', async () => {
    const move = planMove(tree, 'topic:t1', 'topic:t3');
    expect(move).toEqual({ kind: 'topic', token: 't1', parent: null, sort_order: 3 });
    expect(shape(applyMove(tree, move!)).map((t) => t[0])).toEqual(['t2#1', 't3#2', 't1#3']);
    expect(await moveRequest(move!)).toEqual([
      { method: 'PUT', url: '/api/node/project/P/token/t1/sortOrder', body: { sort_order: 3 } },
    ]);
    expect(planMove(tree, 'topic:t3', 'topic:t1')).toEqual({
      kind: 'topic',
      token: 't3',
      parent: null,
      sort_order: 1,
    });
  });

  it('moves an attribute within its topic and into another topic', async () => {
    expect(planMove(tree, 'attribute:a2', 'attribute:a1')).toEqual({
      kind: 'attribute',
      token: 'a2',
      parent: 't1',
      sort_order: 1,
    });
    const across = planMove(tree, 'attribute:a1', 'attribute:a3');
    expect(across).toEqual({ kind: 'attribute', token: 'a1', parent: 't2', sort_order: 1 });
    expect(shape(applyMove(tree, across!))).toEqual([
      ['t1#1', [['a2#1@t1', []]]],
      [
        't2#2',
        [
          ['a1#1@t2', ['v1#1@a1', 'v2#2@a1']],
          ['a3#2@t2', []],
        ],
      ],
      ['t3#3', []],
    ]);
    expect(await moveRequest(across!)).toEqual([
      {
        method: 'PUT',
        url: '/api/attribute/project/P/token/a1/sortOrder',
        body: { sort_order: 1, node: 't2' },
      },
    ]);
  });

  it('puts an attribute last when dropped on a topic or its empty zone', () => {
    expect(planMove(tree, 'attribute:a1', 'attributes:t3')).toEqual({
      kind: 'attribute',
      token: 'a1',
      parent: 't3',
      sort_order: 1,
    });
    expect(planMove(tree, 'attribute:a1', 'topic:t2')).toEqual({
      kind: 'attribute',
      token: 'a1',
      parent: 't2',
      sort_order: 2,
    });
    expect(planMove(tree, 'attribute:a1', 'attributes:t1')).toEqual({
      kind: 'attribute',
      token: 'a1',
      parent: 't1',
      sort_order: 2,
    });
    expect(planMove(tree, 'attribute:a2', 'attributes:t1')).toBeNull();
  });

  it('moves variables within and between attributes', async () => {
    const within = planMove(tree, 'variable:v2', 'variable:v1');
    expect(within).toEqual({ kind: 'variable', token: 'v2', parent: 'a1', sort_order: 1 });
    expect(shape(applyMove(tree, within!))[0]?.[1]).toEqual([
      ['a1#1@t1', ['v2#1@a1', 'v1#2@a1']],
      ['a2#2@t1', []],
    ]);
    const across = planMove(tree, 'variable:v1', 'variables:a3');
    expect(across).toEqual({ kind: 'variable', token: 'v1', parent: 'a3', sort_order: 1 });
    expect(shape(applyMove(tree, across!))[1]).toEqual(['t2#2', [['a3#1@t2', ['v1#1@a3']]]]);
    expect(shape(applyMove(tree, across!))[0]?.[1]).toEqual([
      ['a1#1@t1', ['v2#1@a1']],
      ['a2#2@t1', []],
    ]);
    expect(await moveRequest(across!)).toEqual([
      {
        method: 'PUT',
        url: '/api/variable/project/P/token/v1/sortOrder',
        body: { sort_order: 1, attribute: 'a3' },
      },
    ]);
  });

  it('refuses drops that change nothing or mix levels', () => {
    expect(planMove(tree, 'topic:t1', 'topic:t1')).toBeNull();
    expect(planMove(tree, 'topic:t1', null)).toBeNull();
    expect(planMove(tree, 'topic:t1', 'attribute:a3')).toBeNull();
    expect(planMove(tree, 'variable:v1', 'topic:t2')).toBeNull();
    expect(planMove(tree, 'variable:v1', 'attributes:t2')).toBeNull();
    expect(planMove(tree, 'attribute:a1', 'variables:a3')).toBeNull();
    expect(planMove(tree, 'attribute:nope', 'attribute:a1')).toBeNull();
  });
});
