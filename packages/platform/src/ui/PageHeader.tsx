import type { ReactNode } from 'react';

/** The title of a page (the page's only h1) with optional actions on the right. */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="ag-page-header">
      <h1>{title}</h1>
      {actions && <div className="ag-page-actions">{actions}</div>}
    </div>
  );
}
