import { SLUG_RE } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { isApiError } from '../../lib/api/api-error.ts';
import { duplicateShow, hostKeys } from './api/host-api.ts';

/** Duplicate a show under a new slug (new ids; every other field copied), then edit the copy. */
export function DuplicateButton({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [open, setOpen] = useState(false);
  const [next, setNext] = useState(`${slug}-copy`);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!SLUG_RE.test(next)) return setError(t('host-error-slug'));
    setBusy(true);
    try {
      await duplicateShow(slug, { slug: next });
      await queries.invalidateQueries({ queryKey: hostKeys.shows });
      navigate(`/host/${next}/setup`);
    } catch (err) {
      setError(isApiError(err) && err.status === 409 ? t('host-error-slug-taken') : t('host-save-error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} data-testid={`host-duplicate-${slug}`}>
        {t('host-duplicate')}
      </Button>
      {open && (
        <Modal title={t('host-duplicate-title')} onClose={() => setOpen(false)}>
          <form onSubmit={submit} className="host-form-stack">
            <Field
              label={t('host-field-slug')}
              hint={t('host-field-slug-hint')}
              value={next}
              error={error ?? undefined}
              onChange={(e) => {
                setNext(e.target.value);
                setError(null);
              }}
              data-testid="host-duplicate-slug"
            />
            <Button type="submit" busy={busy} data-testid="host-duplicate-confirm">
              {t('host-duplicate')}
            </Button>
          </form>
        </Modal>
      )}
    </>
  );
}
