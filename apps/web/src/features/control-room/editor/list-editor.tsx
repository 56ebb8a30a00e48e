import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** A list of rows that can be added, removed and reordered (angles, items, vendors ...). */
export function ListEditor<T>(props: {
  items: T[];
  onChange: (items: T[]) => void;
  make: () => T;
  render: (item: T, update: (next: T) => void, index: number) => ReactNode;
  addLabel: string;
  max?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const { items, onChange } = props;
  const move = (i: number, by: number) => {
    const next = [...items];
    const [row] = next.splice(i, 1);
    if (row !== undefined) next.splice(i + by, 0, row);
    onChange(next);
  };
  return (
    <div className="list-editor" data-testid={props.testId}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while edited
        <div className="list-editor__row" key={i}>
          <div className="list-editor__fields">
            {props.render(item, (next) => onChange(items.map((x, j) => (j === i ? next : x))), i)}
          </div>
          <div className="list-editor__tools">
            <Button
              variant="ghost"
              size="sm"
              disabled={i === 0}
              onClick={() => move(i, -1)}
              aria-label={t('host-move-up')}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={i === items.length - 1}
              onClick={() => move(i, 1)}
              aria-label={t('host-move-down')}
            >
              ↓
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange(items.filter((_, j) => j !== i))}
              aria-label={t('host-remove')}
            >
              ✕
            </Button>
          </div>
        </div>
      ))}
      {(props.max === undefined || items.length < props.max) && (
        <Button variant="ghost" size="sm" onClick={() => onChange([...items, props.make()])}>
          {props.addLabel}
        </Button>
      )}
    </div>
  );
}
