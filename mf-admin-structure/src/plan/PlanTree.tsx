import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  sortableKeyboardCoordinates,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Menu, type MenuItem } from './Menu';
import { itemId, zoneId, type ItemKind, type PlanTree as Tree } from './tree';
import type { AttributeAnswer, TopicAnswer, VariableAnswer } from '@agora/contracts/api';

export type ItemAction = 'edit' | 'add' | 'toggle' | 'delete' | 'thread';

export interface PlanTreeProps {
  tree: Tree;
  editOn: boolean;
  onMove: (activeId: string, overId: string | null) => void;
  onAction: (
    kind: ItemKind,
    action: ItemAction,
    item: TopicAnswer | AttributeAnswer | VariableAnswer,
    topic?: string,
  ) => void;
  /** thread creation is offered */
  threads: boolean;
}

/**
 * Only drop targets that make sense for what is dragged: an item of its own kind under the pointer, else a
 * parent's drop zone under the pointer, else the closest item of its kind (keyboard moves).
 */
export const planCollision: CollisionDetection = (args) => {
  const kind = args.active.data.current?.kind as ItemKind | undefined;
  const same = args.droppableContainers.filter((c) => c.data.current?.kind === kind);
  const hits = pointerWithin({ ...args, droppableContainers: same });
  if (hits.length > 0) return hits;
  const zones = args.droppableContainers.filter((c) => c.data.current?.accepts === kind);
  const inZone = pointerWithin({ ...args, droppableContainers: zones });
  if (inZone.length > 0) return inZone;
  return closestCenter({ ...args, droppableContainers: same });
};

function Row(props: {
  kind: ItemKind;
  token: string;
  title: string;
  /** an icon shown before the title (a variable's or an attribute's marker) */
  icon?: string;
  /** what the item asks, shown under the title (a variable's types and short name) */
  detail?: ReactNode;
  editOn: boolean;
  hidden?: boolean;
  forumUrl: string | null;
  menu: MenuItem[];
  children?: ReactNode;
}) {
  const intl = useIntl();
  const id = itemId(props.kind, props.token);
  const { setNodeRef, transform, transition, isDragging, attributes, listeners } = useSortable({
    id,
    data: { kind: props.kind },
    disabled: !props.editOn,
  });
  const style = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`structure-plan-item structure-plan-${props.kind}${props.hidden ? ' is-hidden' : ''}${
        isDragging ? ' is-dragging' : ''
      }`}
      data-testid={`plan-${props.kind}`}
      data-token={props.token}
      data-visible={props.hidden ? 'false' : 'true'}
    >
      <div
        className="structure-plan-row"
        onContextMenu={(e) => {
          // a right click opens the row's own menu (the ⋮ button, which keyboard users reach with Tab)
          const button = e.currentTarget.querySelector<HTMLButtonElement>(
            ':scope > .structure-menu > button',
          );
          if (!button) return;
          e.preventDefault();
          button.click();
        }}
      >
        {props.editOn && (
          <button
            type="button"
            className="structure-plan-handle"
            aria-label={intl.formatMessage({ id: 'structure.plan.move' }, { name: props.title })}
            data-testid={`plan-${props.kind}-handle`}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        )}
        {props.icon && (
          <img
            className="structure-plan-icon"
            src={props.icon}
            alt=""
            data-testid={`plan-${props.kind}-icon`}
          />
        )}
        <span className="structure-plan-text">
          <span className="structure-plan-title" data-testid={`plan-${props.kind}-title`}>
            {props.title}
          </span>
          {props.detail}
        </span>
        {props.hidden && (
          <span className="structure-plan-badge" data-testid={`plan-${props.kind}-hidden`}>
            <FormattedMessage id="structure.plan.hidden" />
          </span>
        )}
        {props.forumUrl && (
          <a
            href={props.forumUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="structure-plan-forum"
            data-testid={`plan-${props.kind}-forum`}
          >
            <FormattedMessage id="structure.plan.forum" />
          </a>
        )}
        {props.editOn && props.menu.length > 0 && (
          <Menu
            label={intl.formatMessage({ id: 'structure.plan.actions' }, { name: props.title })}
            button={<span aria-hidden="true">⋮</span>}
            items={props.menu}
            testId={`plan-${props.kind}-menu`}
          />
        )}
      </div>
      {props.children}
    </li>
  );
}

function Zone(props: { of: 'attributes' | 'variables'; parent: string; ids: string[]; children: ReactNode }) {
  const accepts: ItemKind = props.of === 'attributes' ? 'attribute' : 'variable';
  const { setNodeRef, isOver } = useDroppable({ id: zoneId(props.of, props.parent), data: { accepts } });
  return (
    <SortableContext items={props.ids} strategy={verticalListSortingStrategy}>
      <ul
        ref={setNodeRef}
        className={`structure-plan-list structure-plan-${props.of}${isOver ? ' is-over' : ''}`}
        data-testid={`plan-${props.of}`}
      >
        {props.children}
      </ul>
    </SortableContext>
  );
}

/** A variable's title in the tree: the label of its first type that has one, else its short name. */
function variableTitle(variable: VariableAnswer): string {
  const label = (variable.variable_type ?? []).map((k) => k.options.label?.trim()).find(Boolean);
  return label ?? variable.mname;
}

/** Under a variable's title: its types (in their order) and, when the title is a label, its short name. */
function VariableDetail({ variable }: { variable: VariableAnswer }) {
  const intl = useIntl();
  const kinds = variable.variable_type ?? [];
  const labelled = variableTitle(variable) !== variable.mname;
  if (kinds.length === 0 && !labelled) return null;
  return (
    <span className="structure-plan-detail">
      {kinds.length > 0 && (
        <span data-testid="plan-variable-types">
          {kinds.map((k) => intl.formatMessage({ id: `structure.variable.kind.${k.kind}` })).join(', ')}
        </span>
      )}
      {labelled && (
        <code className="structure-plan-mname" data-testid="plan-variable-mname">
          {variable.mname}
        </code>
      )}
    </span>
  );
}

/** The topic > attribute > variable tree, sortable by mouse and keyboard when editing is on. */
export function PlanTree({ tree, editOn, onMove, onAction, threads }: PlanTreeProps) {
  const intl = useIntl();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const label = (id: string) => <FormattedMessage id={`structure.plan.menu.${id}`} />;
  const menu = (
    kind: ItemKind,
    item: TopicAnswer | AttributeAnswer | VariableAnswer,
    topic: string | undefined,
    visible?: boolean,
  ): MenuItem[] => {
    const entry = (action: ItemAction, text: ReactNode): MenuItem => ({
      key: action,
      label: text,
      onSelect: () => onAction(kind, action, item, topic),
      testId: `menu-${action}`,
    });
    return [
      entry('edit', label('edit')),
      ...(kind === 'topic' ? [entry('add', label('addAttribute'))] : []),
      ...(kind === 'attribute' ? [entry('add', label('addVariable'))] : []),
      ...(visible !== undefined ? [entry('toggle', label(visible ? 'hide' : 'show'))] : []),
      entry('delete', label('delete')),
      ...(threads && !item.forum_topic_id ? [entry('thread', label('thread'))] : []),
    ];
  };

  const onDragEnd = (event: DragEndEvent) =>
    onMove(String(event.active.id), event.over ? String(event.over.id) : null);

  const body = (
    <SortableContext
      items={tree.map((t) => itemId('topic', t.topic.token))}
      strategy={verticalListSortingStrategy}
    >
      <ul
        className="structure-plan-list structure-plan-topics"
        aria-label={intl.formatMessage({ id: 'structure.plan.topics' })}
      >
        {tree.map(({ topic, attributes }) => (
          <Row
            key={topic.token}
            kind="topic"
            token={topic.token}
            title={topic.title}
            editOn={editOn}
            forumUrl={topic.forum_topic_url}
            menu={menu('topic', topic, undefined)}
          >
            <Zone
              of="attributes"
              parent={topic.token}
              ids={attributes.map((a) => itemId('attribute', a.attribute.token))}
            >
              {attributes.map(({ attribute, variables }) => (
                <Row
                  key={attribute.token}
                  kind="attribute"
                  token={attribute.token}
                  title={attribute.name}
                  icon={attribute.icon || undefined}
                  editOn={editOn}
                  hidden={!attribute.is_visible}
                  forumUrl={attribute.forum_topic_url}
                  menu={menu('attribute', attribute, topic.token, attribute.is_visible)}
                >
                  <Zone
                    of="variables"
                    parent={attribute.token}
                    ids={variables.map((v) => itemId('variable', v.token))}
                  >
                    {variables.map((variable) => (
                      <Row
                        key={variable.token}
                        kind="variable"
                        token={variable.token}
                        title={variableTitle(variable)}
                        icon={variable.icon || undefined}
                        detail={<VariableDetail variable={variable} />}
                        editOn={editOn}
                        hidden={!variable.is_visible}
                        forumUrl={variable.forum_topic_url}
                        menu={menu('variable', variable, topic.token, variable.is_visible)}
                      />
                    ))}
                  </Zone>
                </Row>
              ))}
            </Zone>
          </Row>
        ))}
      </ul>
    </SortableContext>
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={planCollision}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: intl.formatMessage({ id: 'structure.plan.dragHelp' }) },
      }}
    >
      {body}
    </DndContext>
  );
}
