import type { ForumPost, ForumTopic } from '@agora/contracts';
import type { ThreadPost } from './entities/thread-post.entity.js';
import type { Thread } from './entities/thread.entity.js';

export function toForumPost(post: ThreadPost): ForumPost {
  return {
    id: post.id,
    // Plain text, as typed: clients show it as text (never as markup), keeping its line breaks.
    content: post.raw,
    // Accounts keeps no pictures of people: the client draws initials.
    avatar: '',
    username: post.username,
    display_username: post.display_username,
    updated_at: post.updated.toISOString(),
  };
}

export function toForumTopic(thread: Thread, posts: ThreadPost[]): ForumTopic {
  return { id: thread.id, title: thread.title, posts: posts.map(toForumPost) };
}
