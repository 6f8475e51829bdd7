/**
 * A dashboard screen's frame: its title (the page's one h1), an optional line under it, and its
 * main actions on the right (below the title on phones).
 */
import type { ReactNode } from 'react';

export function DashboardPage({
  title,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="dash-page">
      <header className="dash-page__header">
        <div className="dash-page__heading">
          <h1 className="dash-page__title">{title}</h1>
          {description ? <p className="dash-page__description">{description}</p> : null}
        </div>
        {actions ? <div className="dash-page__actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
