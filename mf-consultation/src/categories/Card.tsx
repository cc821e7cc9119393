import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './categories.css';

export interface CardProps {
  /** id of the card's heading, which names it */
  titleId: string;
  /** the image URL ('' for none) and its text alternative */
  img: string;
  alt: string;
  testId: string;
  /** state attribute of the list item (e.g. the project's state) */
  state?: string;
  children: ReactNode;
  /** makes the image a link too (the heading's link names it; the image repeats it for pointers) */
  href?: string;
}

/** One card of a `cons-cards` list: an article named by its heading, with its image above its body. */
export function Card({ titleId, img, alt, testId, state, children, href }: CardProps) {
  const image = img && <img className="cons-card-img" src={img} alt={href ? '' : alt} loading="lazy" />;
  return (
    <li className="cons-card" data-testid={testId} data-state={state}>
      <article aria-labelledby={titleId}>
        {image && href ? (
          <Link to={href} tabIndex={-1} aria-hidden="true" data-testid="card-image-link">
            {image}
          </Link>
        ) : (
          image
        )}
        <div className="cons-card-body">{children}</div>
      </article>
    </li>
  );
}
