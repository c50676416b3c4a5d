import type { ComponentProps } from 'react';
import { Table } from '@codegouvfr/react-dsfr/Table';

/**
 * A DSFR table that scrolls horizontally on narrow screens inside a focusable, labelled region,
 * so keyboard users can scroll it too (axe rule scrollable-region-focusable).
 */
export function ScrollableTable(props: ComponentProps<typeof Table> & { caption: string }) {
  return (
    <div
      role="region"
      aria-label={props.caption}
      tabIndex={0}
      style={{ overflowX: 'auto', marginBottom: '1.5rem' }}
    >
      <Table {...props} noScroll style={{ marginBottom: 0, ...props.style }} />
    </div>
  );
}
