import { useParams } from 'react-router-dom';
import { ForumThread } from './ForumThread';

/** The page of a thread's URL (`/forum/:id`, the `forum_topic_url` of a project, topic, attribute or variable). */
export function ForumPage() {
  const { id } = useParams();
  return (
    <section className="ag-forum-page" data-testid="forum-page">
      {id && <ForumThread key={id} id={id} />}
    </section>
  );
}
