export { ForumPage } from './ForumPage';
export { ForumThread, forumPath, type ForumThreadProps } from './ForumThread';
export { forumDate } from './forumDate';
