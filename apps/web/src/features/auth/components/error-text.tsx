import { useTranslation } from 'react-i18next';
import type { ErrorMessage } from '../api/auth-errors.ts';

export function ErrorText({ message }: { message: ErrorMessage }) {
  const { t } = useTranslation();
  return <>{'key' in message ? t(message.key, message.params) : message.text}</>;
}
