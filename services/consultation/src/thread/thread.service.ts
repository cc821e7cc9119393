import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ForumPost, ForumTopic, SessionUser, ThreadScope } from '@agora/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { assertMayEnter } from '../category/access.js';
import { ThreadPost } from './entities/thread-post.entity.js';
import { Thread } from './entities/thread.entity.js';
import { ThreadErrors } from './thread.errors.js';
import { toForumPost, toForumTopic } from './thread.mapper.js';

/** The table of each thread scope's items; each has `token`, `forum_topic_id` and `forum_topic_url`. */
const ITEM_TABLES: Readonly<Record<ThreadScope, string>> = {
  project: '"consultation"."project"',
  node: '"consultation"."node"',
  attribute: '"consultation"."attribute"',
  variable: '"consultation"."variable"',
};

export interface ThreadLink {
  forum_topic_id: number;
  forum_topic_url: string;
}

/** The link an item keeps to its thread. */
export function threadUrl(id: number): string {
  return `/forum/${id}`;
}

function displayName(user: SessionUser): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.username;
}

/** Discussion threads stored by Agora: one per project, topic, attribute or variable. */
@Injectable()
export class ThreadService {
  constructor(@InjectDataSource('consultation') private readonly db: DataSource) {}

  /**
   * Creates the thread of an item with its first post and links the item to it, in one transaction: 404 for an
   * unknown item, 409 when it has a thread already.
   */
  async create(
    scope: ThreadScope,
    item: string,
    input: { title: string; raw: string },
    author: SessionUser,
  ): Promise<ThreadLink> {
    const table = ITEM_TABLES[scope];
    return this.db.transaction(async (m) => {
      const [row] = await m.query<Array<{ forum_topic_id: number | null }>>(
        `SELECT forum_topic_id FROM ${table} WHERE token = $1 FOR UPDATE`,
        [item],
      );
      if (!row) throw ThreadErrors.itemNotFound(scope);
      if (row.forum_topic_id !== null) throw ThreadErrors.exists();
      if (await m.existsBy(Thread, { scope, item })) throw ThreadErrors.exists();
      const thread = await m.save(
        m.create(Thread, { scope, item, title: input.title, created_by: author.uuid }),
      );
      await this.addPost(m, thread.id, input.raw, author);
      const link = { forum_topic_id: thread.id, forum_topic_url: threadUrl(thread.id) };
      await m.query(`UPDATE ${table} SET forum_topic_id = $2, forum_topic_url = $3 WHERE token = $1`, [
        item,
        link.forum_topic_id,
        link.forum_topic_url,
      ]);
      return link;
    });
  }

  /** A thread with its posts, oldest first; for staff and the participants of the thread's category. */
  async topic(id: number, reader: SessionUser): Promise<ForumTopic> {
    const thread = await this.db.getRepository(Thread).findOneBy({ id });
    if (!thread) throw ThreadErrors.notFound();
    assertMayEnter(reader, await this.categoryOf(this.db.manager, id));
    const posts = await this.db
      .getRepository(ThreadPost)
      .find({ where: { thread: id }, order: { id: 'ASC' } });
    return toForumTopic(thread, posts);
  }

  /** Adds a reply to a thread: staff and the participants of the thread's category. */
  async reply(id: number, raw: string, author: SessionUser): Promise<ForumPost> {
    return this.db.transaction(async (m) => {
      if (!(await m.existsBy(Thread, { id }))) throw ThreadErrors.notFound();
      assertMayEnter(author, await this.categoryOf(m, id));
      return toForumPost(await this.addPost(m, id, raw, author));
    });
  }

  /** The token of the category a thread's item belongs to; null when the item is gone. */
  private async categoryOf(m: EntityManager, id: number): Promise<string | null> {
    const [row] = await m.query<Array<{ category: string | null }>>(
      `SELECT CASE t.scope
         WHEN 'project' THEN (SELECT p.category FROM consultation.project p WHERE p.token = t.item)
         WHEN 'node' THEN (SELECT p.category FROM consultation.node n
           JOIN consultation.project p ON p.token = n.project WHERE n.token = t.item)
         WHEN 'attribute' THEN (SELECT p.category FROM consultation.attribute a
           JOIN consultation.node n ON n.token = a.node
           JOIN consultation.project p ON p.token = n.project WHERE a.token = t.item)
         WHEN 'variable' THEN (SELECT p.category FROM consultation.variable v
           JOIN consultation.attribute a ON a.token = v.attribute JOIN consultation.node n ON n.token = a.node
           JOIN consultation.project p ON p.token = n.project WHERE v.token = t.item)
       END AS category
       FROM consultation.thread t WHERE t.id = $1`,
      [id],
    );
    return row?.category ?? null;
  }

  private addPost(m: EntityManager, thread: number, raw: string, author: SessionUser): Promise<ThreadPost> {
    return m.save(
      m.create(ThreadPost, {
        thread,
        raw,
        author: author.uuid,
        username: author.username,
        display_username: displayName(author),
      }),
    );
  }
}
