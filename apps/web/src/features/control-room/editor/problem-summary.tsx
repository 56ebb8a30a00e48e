import { type RefObject, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import type { Problems } from './show-form.ts';

/** Where a field path lives when no field of the page carries it: its section's name. */
const SECTIONS: [string, MessageKey][] = [
  ['event_config.merch', 'host-section-merch'],
  ['event_config.cheer', 'host-section-cheer'],
  ['event_config', 'host-section-viewer'],
  ['event', 'host-section-schedule'],
  ['ticket_items', 'host-section-items'],
  ['ticketing', 'host-section-vendors'],
  ['pips', 'host-section-angles'],
  ['streams', 'host-section-angles'],
  ['base_video', 'host-section-angles'],
  ['caption_files', 'host-section-captions'],
  ['lightstick_songs', 'host-section-songs'],
];

const rowOf = (path: string) => {
  const n = /\.(\d+)(\.|$)/.exec(path);
  return n ? Number(n[1]) + 1 : null;
};

const fieldOf = (form: HTMLElement | null, path: string) =>
  form?.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"]`) ?? null;

/**
 * A field path in the host's words: the field's own label (with its section and row in a list,
 * "Tickets for sale 1 · Price"), never `event_config.merch.items.0.url` (issue 25).
 */
function labelOf(form: HTMLElement | null, path: string, t: (k: MessageKey) => string): string {
  const row = rowOf(path);
  const el = fieldOf(form, path);
  const label =
    el && 'labels' in el ? (el as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*$/, '') : null;
  const legend = el?.closest('fieldset')?.querySelector('legend')?.textContent;
  const section =
    legend ?? t(SECTIONS.find(([p]) => path === p || path.startsWith(`${p}.`))?.[1] ?? 'host-section-basics');
  if (label && row === null) return label;
  const where = row === null ? section : `${section} ${row}`;
  return label ? `${where} · ${label}` : where;
}

/** Focuses a problem's field (its section when it has none on the page). */
export function focusProblem(form: HTMLElement | null, path: string) {
  const el = fieldOf(form, path);
  if (el) {
    el.focus();
    return;
  }
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** The form's problems, each named by its label and a link to the field. */
export function ProblemSummary({
  problems,
  form,
}: {
  problems: Problems;
  form: RefObject<HTMLFormElement | null>;
}) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState<Record<string, string>>({});
  useLayoutEffect(() => {
    setLabels(Object.fromEntries(Object.keys(problems).map((p) => [p, labelOf(form.current, p, t)])));
  }, [problems, form, t]);
  const entries = Object.entries(problems);
  return (
    <div className="editor__summary" role="alert" data-testid="editor-problems">
      <p>{t('host-problems', { count: entries.length })}</p>
      <ul>
        {entries.map(([field, message]) => (
          <li key={field} data-field-path={field}>
            <button
              type="button"
              className="editor__summary-link"
              onClick={() => focusProblem(form.current, field)}
            >
              {labels[field] ?? ''}
            </button>{' '}
            {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
