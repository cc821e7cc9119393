import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';

export interface CardTitleProps {
  /** the whole title: shown up to `lines` lines, and whole on hover and focus, as a tooltip and to assistive technology */
  title: string;
  /** id of the element, e.g. the one that names the card (`aria-labelledby`) */
  id?: string;
  /** the element: a heading of the card, or a span inside a link that is the whole card */
  as?: 'h2' | 'h3' | 'h4' | 'span';
  /** makes the title a link (the router's) */
  href?: string;
  /** lines shown before the title is cut with an ellipsis (default 3) */
  lines?: number;
  className?: string;
}

/**
 * The title of a card (categories, projects, the Data tab's tiles; decision 0074): it wraps between words (a word
 * longer than the card breaks), shows at most `lines` lines and an ellipsis, and the whole title on hover or
 * keyboard focus (of the title or of the link around it), in its tooltip (`title`) and in its accessible name
 * (the text is all there, only its display is cut).
 */
export function CardTitle({ title, id, as: Tag = 'h3', href, lines = 3, className }: CardTitleProps) {
  const style = { '--ag-card-title-lines': lines } as CSSProperties;
  const classes = ['ag-card-title', className].filter(Boolean).join(' ');
  return (
    <Tag id={id} className={classes} title={title} style={style} data-testid="card-title">
      {href ? (
        <Link to={href} className="ag-card-title-text">
          {title}
        </Link>
      ) : (
        <span className="ag-card-title-text">{title}</span>
      )}
    </Tag>
  );
}
