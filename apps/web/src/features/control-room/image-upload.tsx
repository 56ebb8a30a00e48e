import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@encore/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { uploadImage } from './api/host-api.ts';

/** An image URL field with an upload button: the file goes to the storage adapter, its URL comes back. */
export function ImageUpload(props: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  testId: string;
  required?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return setProblem(t('host-upload-type'));
    if (file.size > UPLOAD_MAX_BYTES) return setProblem(t('host-upload-size'));
    setBusy(true);
    setProblem(null);
    try {
      props.onChange((await uploadImage(file)).url);
    } catch {
      setProblem(t('host-upload-error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="image-upload">
      <Field
        label={props.label}
        value={props.value}
        required={props.required}
        error={problem ?? props.error}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
      <label className="btn btn--ghost btn--sm image-upload__button" htmlFor={id}>
        {busy ? t('loading') : t('host-upload')}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={UPLOAD_TYPES.join(',')}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {props.value && <img className="image-upload__preview" src={props.value} alt="" />}
    </div>
  );
}
