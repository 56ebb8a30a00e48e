import type { ReactNode } from 'react';

/** One column of a host table: its header (read by screen readers only when `hideHeader`) and cell. */
export type HostColumn<T> = {
  key: string;
  header: ReactNode;
  hideHeader?: boolean;
  className?: string;
  cell: (row: T) => ReactNode;
};

/**
 * The control room's tables (the shows list, the codes): a scrolling wrap, column headers with
 * scope, one row per item; `dense` for long lists.
 */
export function HostTable<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
  dense = false,
  cards = false,
  label,
  testId,
}: {
  columns: HostColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  rowTestId?: (row: T) => string;
  dense?: boolean;
  /** On a phone each row becomes a card (cells labelled), so no action hides off to the side. */
  cards?: boolean;
  /** The table's name, for the scrolling region a keyboard reaches (a phone scrolls wide tables). */
  label: string;
  testId: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
    <section className="host-table-wrap" aria-label={label} tabIndex={0}>
      <table
        className={['host-table', dense && 'host-table--dense', cards && 'host-table--cards']
          .filter(Boolean)
          .join(' ')}
        data-testid={testId}
      >
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={c.className}
                  data-label={cards && !c.hideHeader && typeof c.header === 'string' ? c.header : undefined}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
