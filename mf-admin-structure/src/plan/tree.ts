import type { ApiClient } from '@agora/contracts';
import type { AttributeAnswer, TopicAnswer, VariableAnswer } from '@agora/contracts/api';

/** The three levels of a project's structure. */
export type ItemKind = 'topic' | 'attribute' | 'variable';

export interface AttributeNode {
  attribute: AttributeAnswer;
  variables: VariableAnswer[];
}
export interface TopicNode {
  topic: TopicAnswer;
  attributes: AttributeNode[];
}
/** Topics > attributes > variables, each level in its sort order. */
export type PlanTree = TopicNode[];

export interface PlanLists {
  topics: TopicAnswer[];
  attributes: AttributeAnswer[];
  variables: VariableAnswer[];
}

const bySortOrder = <T extends { sort_order: number; token: string }>(a: T, b: T) =>
  a.sort_order - b.sort_order || a.token.localeCompare(b.token);

/**
 * The tree of `GET node/project/{p}`, `GET attribute/project/{p}` and `GET variable/project/{p}`: each level
 * sorted by `sort_order`; an attribute whose topic, or a variable whose attribute, is not in the lists is left out.
 */
export function buildTree({ topics, attributes, variables }: PlanLists): PlanTree {
  const varsOf = new Map<string, VariableAnswer[]>();
  for (const v of variables) varsOf.set(v.attribute, [...(varsOf.get(v.attribute) ?? []), v]);
  const attrsOf = new Map<string, AttributeAnswer[]>();
  for (const a of attributes) attrsOf.set(a.node, [...(attrsOf.get(a.node) ?? []), a]);
  return [...topics].sort(bySortOrder).map((topic) => ({
    topic,
    attributes: [...(attrsOf.get(topic.token) ?? [])].sort(bySortOrder).map((attribute) => ({
      attribute,
      variables: [...(varsOf.get(attribute.token) ?? [])].sort(bySortOrder),
    })),
  }));
}

/** The lists of a tree (for the SWR caches after a move). */
export function flattenTree(tree: PlanTree): PlanLists {
  return {
    topics: tree.map((t) => t.topic),
    attributes: tree.flatMap((t) => t.attributes.map((a) => a.attribute)),
    variables: tree.flatMap((t) => t.attributes.flatMap((a) => a.variables)),
  };
}

/** Drag ids: items are `<kind>:<token>`; the drop zone of a topic's attributes is `attributes:<topic>`, … */
export const itemId = (kind: ItemKind, token: string) => `${kind}:${token}`;
export const zoneId = (of: 'attributes' | 'variables', parent: string) => `${of}:${parent}`;

type Target = { kind: ItemKind; token: string } | { zone: 'attributes' | 'variables'; parent: string };

function parseId(id: string): Target | null {
  const at = id.indexOf(':');
  if (at < 0) return null;
  const head = id.slice(0, at);
  const token = id.slice(at + 1);
  if (head === 'topic' || head === 'attribute' || head === 'variable') return { kind: head, token };
  if (head === 'attributes' || head === 'variables') return { zone: head, parent: token };
  return null;
}

/** A move to send: the item, its new parent (topic of an attribute, attribute of a variable) and position. */
export interface Move {
  kind: ItemKind;
  token: string;
  /** null for a topic */
  parent: string | null;
  /** 1-based */
  sort_order: number;
}

interface Located {
  parent: string | null;
  index: number;
  siblings: string[];
}

function locate(tree: PlanTree, kind: ItemKind, token: string): Located | null {
  if (kind === 'topic') {
    const siblings = tree.map((t) => t.topic.token);
    const index = siblings.indexOf(token);
    return index < 0 ? null : { parent: null, index, siblings };
  }
  for (const t of tree) {
    if (kind === 'attribute') {
      const siblings = t.attributes.map((a) => a.attribute.token);
      const index = siblings.indexOf(token);
      if (index >= 0) return { parent: t.topic.token, index, siblings };
      continue;
    }
    for (const a of t.attributes) {
      const siblings = a.variables.map((v) => v.token);
      const index = siblings.indexOf(token);
      if (index >= 0) return { parent: a.attribute.token, index, siblings };
    }
  }
  return null;
}

function childrenOf(tree: PlanTree, kind: 'attribute' | 'variable', parent: string): string[] | null {
  if (kind === 'attribute')
    return tree.find((t) => t.topic.token === parent)?.attributes.map((a) => a.attribute.token) ?? null;
  for (const t of tree) {
    const a = t.attributes.find((x) => x.attribute.token === parent);
    if (a) return a.variables.map((v) => v.token);
  }
  return null;
}

const PARENT_KIND: Record<ItemKind, ItemKind | null> = {
  topic: null,
  attribute: 'topic',
  variable: 'attribute',
};

/**
 * Where a dragged item lands when dropped on `overId`: on an item of its own kind it takes that item's place (in
 * that item's parent); on a parent item or a parent's drop zone it goes last in that parent. Null when nothing
 * changes or the drop is not allowed (a topic into a topic, a variable on a topic, …).
 */
export function planMove(tree: PlanTree, activeId: string, overId: string | null): Move | null {
  const active = parseId(activeId);
  const over = overId ? parseId(overId) : null;
  if (!active || !('kind' in active) || !over) return null;
  const from = locate(tree, active.kind, active.token);
  if (!from) return null;

  let parent: string | null;
  let index: number;
  if ('kind' in over && over.kind === active.kind) {
    const to = locate(tree, over.kind, over.token);
    if (!to) return null;
    parent = to.parent;
    index = to.index;
  } else {
    const zoneKind =
      active.kind === 'attribute' ? 'attributes' : active.kind === 'variable' ? 'variables' : null;
    const target =
      'zone' in over
        ? over.zone === zoneKind
          ? over.parent
          : null
        : over.kind === PARENT_KIND[active.kind]
          ? over.token
          : null;
    if (!target || active.kind === 'topic') return null;
    const children = childrenOf(tree, active.kind, target);
    if (!children) return null;
    parent = target;
    index = parent === from.parent ? children.length - 1 : children.length;
  }
  if (parent === from.parent && index === from.index) return null;
  return { kind: active.kind, token: active.token, parent, sort_order: index + 1 };
}

function moveWithin<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function renumber<T extends { sort_order: number }>(list: T[]): T[] {
  return list.map((item, i) => (item.sort_order === i + 1 ? item : { ...item, sort_order: i + 1 }));
}

/** The tree after a move: the item in its new place, positions 1..n renumbered in the lists it left and joined. */
export function applyMove(tree: PlanTree, move: Move): PlanTree {
  const index = move.sort_order - 1;
  if (move.kind === 'topic') {
    const from = tree.findIndex((t) => t.topic.token === move.token);
    if (from < 0) return tree;
    const topics = renumber(
      moveWithin(
        tree.map((t) => t.topic),
        from,
        index,
      ),
    );
    const nodes = moveWithin(tree, from, index);
    return nodes.map((n, i) => ({ ...n, topic: topics[i] as TopicAnswer }));
  }
  if (move.kind === 'attribute') {
    let moving: AttributeNode | undefined;
    const without = tree.map((t) => {
      const found = t.attributes.find((a) => a.attribute.token === move.token);
      if (!found) return t;
      moving = found;
      return { ...t, attributes: t.attributes.filter((a) => a !== found) };
    });
    if (!moving || move.parent === null) return tree;
    const placed: AttributeNode = { ...moving, attribute: { ...moving.attribute, node: move.parent } };
    return without.map((t) => {
      const list = [...t.attributes];
      if (t.topic.token === move.parent) list.splice(index, 0, placed);
      const numbered = renumber(list.map((a) => a.attribute));
      return { ...t, attributes: list.map((a, i) => ({ ...a, attribute: numbered[i] as AttributeAnswer })) };
    });
  }
  let moving: VariableAnswer | undefined;
  const without = tree.map((t) => ({
    ...t,
    attributes: t.attributes.map((a) => {
      const found = a.variables.find((v) => v.token === move.token);
      if (!found) return a;
      moving = found;
      return { ...a, variables: a.variables.filter((v) => v !== found) };
    }),
  }));
  if (!moving || move.parent === null) return tree;
  const placed: VariableAnswer = { ...moving, attribute: move.parent };
  return without.map((t) => ({
    ...t,
    attributes: t.attributes.map((a) => {
      const list = [...a.variables];
      if (a.attribute.token === move.parent) list.splice(index, 0, placed);
      return { ...a, variables: renumber(list) };
    }),
  }));
}

const SCOPE: Record<ItemKind, 'node' | 'attribute' | 'variable'> = {
  topic: 'node',
  attribute: 'attribute',
  variable: 'variable',
};

/** The API scope of a kind (a topic is a `node`). */
export const scopeOf = (kind: ItemKind) => SCOPE[kind];

/** Sends a move: `PUT {node|attribute|variable}/project/{projectToken}/token/{token}/sortOrder`. */
export async function sendMove(client: ApiClient, project: string, move: Move): Promise<void> {
  const params = { path: { project, token: move.token } };
  const { sort_order } = move;
  const parent = move.parent ?? undefined;
  if (move.kind === 'attribute')
    await client.PUT('/api/attribute/project/{project}/token/{token}/sortOrder', {
      params,
      body: { sort_order, node: parent },
    });
  else if (move.kind === 'variable')
    await client.PUT('/api/variable/project/{project}/token/{token}/sortOrder', {
      params,
      body: { sort_order, attribute: parent },
    });
  else
    await client.PUT('/api/node/project/{project}/token/{token}/sortOrder', { params, body: { sort_order } });
}
