import type { ReactNode } from 'react';

/** A table that scrolls sideways inside its box on a phone; focusable so keyboard users can scroll it too. */
export function ScrollBox({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    // biome-ignore lint/a11y/useSemanticElements: a <section> would add a landmark per table
    <div className={`table-wrap ${className}`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
