import { Injectable, Optional } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { AuditLog, type AuditActor } from '@agora/common';
import type { VariableWire } from '@agora/contracts';
import {
  withChoiceIds,
  type NewVariableBody,
  type VariableChangesBody,
  type VariableOrderBody,
} from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import {
  assertUniqueMname,
  changedColumns,
  deleteItem,
  lockParents,
  nextPosition,
  type Placed,
  projectToken,
  recordTreeChange,
  reorderItem,
  treeAudit,
  TreeErrors,
  updateColumns,
  VARIABLES,
} from '../node/tree.js';
import { NO_ICONS, type IconWrite } from '../http/icons.js';
import { parseToken } from '../http/params.js';
import { ValidationErrors } from '../validation/validation.errors.js';

const TEXT = ['mname', 'description', 'tooltip', 'icon'] as const;

type Row = VariableWire & { node: string; project: string };

const SELECT = `SELECT v.token, v.attribute, v.mname, v.description, v.tooltip, v.icon, v.is_visible, v.variable_type,
  v.forum_topic_id, v.forum_topic_url, v.sort_order, a.node, n.project
  FROM consultation.variable v
  JOIN consultation.attribute a ON a.token = v.attribute
  JOIN consultation.node n ON n.token = a.node`;
const ORDER = 'ORDER BY n.sort_order, n.created, a.sort_order, a.created, v.sort_order, v.created, v.token';

const placed = (v: Row): Placed => ({
  token: v.token,
  parent: v.attribute,
  project: v.project,
  mname: v.mname,
});
const wire = ({ node: _node, project: _project, ...v }: Row): VariableWire => v;

/**
 * Variables of attributes: their answer kinds (`variable_type`, jsonb) and order.
 *
 * It runs on an EntityManager: the site's, or a transaction's (the demo data is added through it in one
 * transaction; its own transactions then nest as savepoints).
 */
@Injectable()
export class VariableService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Optional() private readonly audit?: AuditLog,
  ) {}

  /** Every variable of a project (token or short name): by topic, attribute, then their own order. */
  async ofProject(project: string): Promise<VariableWire[]> {
    const token = await projectToken(this.db, project);
    return (await this.db.query<Row[]>(`${SELECT} WHERE n.project = $1 ${ORDER}`, [token])).map(wire);
  }

  /** The variables of an attribute, by sort_order; 404 when the attribute does not exist. */
  async ofAttribute(attribute: string): Promise<VariableWire[]> {
    const found = await this.db.query<unknown[]>(`SELECT 1 FROM consultation.attribute WHERE token = $1`, [
      attribute,
    ]);
    if (found.length === 0) throw TreeErrors.notFound('attribute');
    return (await this.db.query<Row[]>(`${SELECT} WHERE v.attribute = $1 ${ORDER}`, [attribute])).map(wire);
  }

  /** One variable of a topic; 404 when it is not that topic's. */
  async one(node: string, token: string): Promise<VariableWire> {
    const row = await this.row(token);
    if (row.node !== node) throw TreeErrors.notFound('variable');
    return wire(row);
  }

  async find(token: string): Promise<VariableWire> {
    return wire(await this.row(token));
  }

  private async row(token: string): Promise<Row> {
    const [row] = await this.db.query<Row[]>(`${SELECT} WHERE v.token = $1`, [token]);
    if (!row) throw TreeErrors.notFound('variable');
    return row;
  }

  /**
   * Adds a variable; `icons` stores an uploaded icon (after the checks, before the write). An administrator's
   * (`actor`) is recorded in the audit log (`variable.create`).
   */
  async create(
    fields: NewVariableBody,
    icons: IconWrite = NO_ICONS,
    actor?: AuditActor,
  ): Promise<VariableWire> {
    const attribute = parseToken(fields.attribute);
    const mname = fields.mname;
    const token = await icons(([icon]) =>
      this.db.transaction(async (m) => {
        await lockParents(m, VARIABLES, [attribute]);
        await assertUniqueMname(m, VARIABLES, attribute, mname);
        const [row] = await m.query<Array<{ token: string }>>(
          `INSERT INTO consultation.variable (attribute, mname, description, tooltip, icon, is_visible, variable_type,
             sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING token`,
          [
            attribute,
            mname,
            fields.description ?? '',
            fields.tooltip ?? '',
            icon ?? fields.icon ?? '',
            fields.is_visible ?? true,
            JSON.stringify(withChoiceIds(fields.variable_type)),
            await nextPosition(m, VARIABLES, attribute),
          ],
        );
        const [created] = await m.query<VariableWire[]>(`${SELECT} WHERE v.token = $1`, [row!.token]);
        const audit = treeAudit(this.audit, actor);
        await recordTreeChange(m, audit, VARIABLES, row!.token, 'create', { after: created });
        return row!.token;
      }),
    );
    return this.find(token);
  }

  /**
   * Changes the fields sent (only those); `{is_visible}` alone hides or shows. `icons` stores an uploaded icon
   * (after the checks, before the write).
   */
  async update(
    token: string,
    fields: VariableChangesBody,
    icons: IconWrite = NO_ICONS,
    actor?: AuditActor,
  ): Promise<VariableWire> {
    const current = await this.row(token);
    const ref = fields.attribute;
    if (ref !== undefined && ref.toLowerCase() !== current.attribute)
      throw ValidationErrors.invalidField('attribute', 'move a variable with sortOrder');
    const changes: Array<[string, unknown, string?]> = [];
    for (const key of TEXT) {
      const value = fields[key];
      if (value !== undefined && value !== current[key]) changes.push([key, value]);
    }
    const visible = fields.is_visible;
    if (visible !== undefined && visible !== current.is_visible) changes.push(['is_visible', visible]);
    // a choice keeps its id (sent, or found by its kind and label) through renames and moves
    if (fields.variable_type !== undefined)
      changes.push([
        'variable_type',
        JSON.stringify(withChoiceIds(fields.variable_type, current.variable_type)),
        '$::jsonb',
      ]);
    await icons(async ([icon]) => {
      if (icon !== undefined) changes.push(['icon', icon]);
      await this.db.transaction(async (m) => {
        const mname = fields.mname;
        if (mname !== undefined && mname !== current.mname)
          await assertUniqueMname(m, VARIABLES, current.attribute, mname, token);
        await updateColumns(m, VARIABLES, token, changes);
        if (changes.length > 0) {
          const audit = treeAudit(this.audit, actor);
          await recordTreeChange(m, audit, VARIABLES, token, 'update', changedColumns(current, changes));
        }
      });
    });
    return this.find(token);
  }

  /** Deletes a variable (`variable.delete`, as it was). */
  async remove(token: string, actor?: AuditActor): Promise<void> {
    const row = await this.row(token);
    await deleteItem(this.db, VARIABLES, placed(row), treeAudit(this.audit, actor), row);
  }

  /** Moves a variable to a 1-based position in an attribute (`attribute`, its own by default) of the same project. */
  async reorder(
    project: string,
    token: string,
    move: VariableOrderBody,
    actor?: AuditActor,
  ): Promise<VariableWire> {
    const to = { sort_order: move.sort_order, parent: move.attribute };
    const audit = treeAudit(this.audit, actor);
    await reorderItem(this.db, VARIABLES, placed(await this.row(token)), project, to, audit);
    return this.find(token);
  }
}
