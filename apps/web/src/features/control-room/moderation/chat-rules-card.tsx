import { type ChatPolicy, SLOW_MODE_CHOICES } from '@encore/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { updatePolicy } from './api/moderation-api.ts';
import type { useModerationAction } from './use-moderation-action.ts';

type Action = ReturnType<typeof useModerationAction>;

/** Slow mode for every fan of the show, and the show's own blocked words (whole words, any case). */
export function ChatRulesCard({
  slug,
  policy,
  action,
}: {
  slug: string;
  policy: ChatPolicy | null;
  action: Action;
}) {
  const { t } = useTranslation();
  const [slow, setSlow] = useState('0');
  const [terms, setTerms] = useState('');
  const current = policy?.slow_mode_seconds ?? 0;
  const savedTerms = policy?.blocked_terms.join('\n') ?? '';
  useEffect(() => setSlow(String(current)), [current]);
  useEffect(() => setTerms(savedTerms), [savedTerms]);

  const choices = [...new Set<number>([...SLOW_MODE_CHOICES, current])].sort((a, b) => a - b);
  const applySlow = (event: FormEvent) => {
    event.preventDefault();
    void action.run('slow', () => updatePolicy(slug, { slow_mode_seconds: Number(slow) }));
  };
  const saveTerms = (event: FormEvent) => {
    event.preventDefault();
    const list = [
      ...new Set(
        terms
          .split(/[\n,]/)
          .map((w) => w.trim())
          .filter(Boolean),
      ),
    ];
    void action.run('terms', () => updatePolicy(slug, { blocked_terms: list }), { 400: 'mod-error-terms' });
  };

  return (
    <section className="mod-card" aria-labelledby="mod-rules-title">
      <h2 id="mod-rules-title">{t('mod-settings-title')}</h2>
      <form className="mod-inline" onSubmit={applySlow}>
        <SelectField
          label={t('mod-slow-label')}
          value={slow}
          onChange={(e) => setSlow(e.target.value)}
          options={choices.map((s) => ({
            value: String(s),
            label: s === 0 ? t('mod-slow-off') : t('mod-slow-seconds', { seconds: s }),
          }))}
          data-testid="mod-slow-select"
        />
        <Button type="submit" busy={action.busy === 'slow'} data-testid="mod-slow-apply">
          {t('mod-slow-apply')}
        </Button>
      </form>
      <p className="mod-status" data-testid="mod-slow-status" data-on={current > 0}>
        {current > 0 ? t('mod-slow-current', { seconds: current }) : t('mod-slow-current-off')}
      </p>
      <form className="mod-stack" onSubmit={saveTerms}>
        <label className="mod-label" htmlFor="mod-terms">
          {t('mod-terms-label')}
        </label>
        <textarea
          id="mod-terms"
          className="mod-textarea"
          rows={4}
          value={terms}
          onChange={(e) => setTerms(e.target.value)}
          data-testid="mod-terms"
        />
        <Button type="submit" variant="secondary" busy={action.busy === 'terms'} data-testid="mod-terms-save">
          {t('mod-terms-save')}
        </Button>
      </form>
    </section>
  );
}
