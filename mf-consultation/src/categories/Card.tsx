import type { ReactNode } from 'react';
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
}

/** One card of a `cons-cards` list: an article named by its heading, with its image above its body. */
export function Card({ titleId, img, alt, testId, state, children }: CardProps) {
  return (
    <li className="cons-card" data-testid={testId} data-state={state}>
      <article aria-labelledby={titleId}>
        {img && <img className="cons-card-img" src={img} alt={alt} loading="lazy" />}
        <div className="cons-card-body">{children}</div>
      </article>
    </li>
  );
}
