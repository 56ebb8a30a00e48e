import {
  isOldEnough,
  isValidDateOfBirth,
  isValidEmail,
  isValidUsername,
  normalizeEmail,
  passwordRuleFailures,
} from '@encore/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, Field, FormError } from '../../../components/ui/field.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { useConfig } from '../../../lib/config/config-context.tsx';
import { getCookie, parseReferral } from '../../../lib/cookies.ts';
import { localizedLink } from '../../../lib/i18n/locale.ts';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { type RegisterErrorView, registerError } from '../api/auth-errors.ts';
import { useEmailRegister } from '../api/email-register.ts';
import { dateOfBirthValue } from '../api/register-payload.ts';
import { DateOfBirthFields, type DateOfBirthParts } from './date-of-birth-fields.tsx';
import { ErrorText } from './error-text.tsx';
import { PasswordRules, RuleList } from './password-rules.tsx';

interface Props {
  onRegistered: (email: string) => void;
  onTooYoung: () => void;
}

type Touched = Partial<Record<'emailConfirm' | 'password' | 'passwordConfirm', boolean>>;

export function RegisterForm({ onRegistered, onTooYoung }: Props) {
  const { t } = useTranslation();
  const config = useConfig();
  const locale = useUiStore((s) => s.locale);
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const register = useEmailRegister();
  const rulesId = useId();
  const today = useMemo(() => new Date(), []);

  const [email, setEmail] = useState('');
  const [emailConfirm, setEmailConfirm] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [dob, setDob] = useState<DateOfBirthParts>({ year: '', month: '', day: '' });
  const [touched, setTouched] = useState<Touched>({});
  const [failure, setFailure] = useState<RegisterErrorView | null>(null);
  // The username the server refused; the field error holds until it is edited.
  const [rejected, setRejected] = useState<{ username: string; key: MessageKey } | null>(null);

  const touch = (key: keyof Touched) => () => setTouched((s) => ({ ...s, [key]: true }));
  const dobEnabled = config.features.date_of_birth;
  const dateOfBirth = dateOfBirthValue(dob.year, dob.month, dob.day);

  const emailValid = isValidEmail(normalizeEmail(email));
  const emailsMatch = normalizeEmail(email) === normalizeEmail(emailConfirm);
  const usernameValid = isValidUsername(username);
  const ruleFailures = passwordRuleFailures(password);
  const passwordsMatch = password === passwordConfirm;
  const dobValid = !dobEnabled || (dateOfBirth !== null && isValidDateOfBirth(dateOfBirth, today));
  const canSubmit =
    emailValid && emailsMatch && usernameValid && !ruleFailures.length && passwordsMatch && terms && dobValid;

  const usernameError =
    rejected?.username === username
      ? t(rejected.key)
      : username.length > 1 && !usernameValid
        ? t('username-invalid')
        : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    if (dobEnabled && dateOfBirth && !isOldEnough(dateOfBirth, today)) {
      onTooYoung();
      return;
    }
    setFailure(null);
    register.mutate(
      {
        email,
        password,
        passwordConfirm,
        username,
        marketingOptIn: marketing,
        referredBy: parseReferral(getCookie('referral')),
        dateOfBirth: dobEnabled ? dateOfBirth : null,
      },
      {
        onSuccess: () => onRegistered(normalizeEmail(email)),
        onError: (error) => {
          const view = registerError(
            isApiError(error) ? error : { status: null },
            config.support_email,
            passwordRuleFailures(password),
          );
          if (view.tooYoung) return onTooYoung();
          if (view.usernameRejected) {
            const key = isApiError(error) && error.status === 406 ? 'register-error-406' : 'nickname-exists';
            setRejected({ username, key });
          }
          setFailure(view);
        },
      },
    );
  };

  const link = (base: string, testId: string) => (
    // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated words inside.
    <a href={localizedLink(base, locale)} target="_blank" rel="noreferrer" data-testid={testId} />
  );

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate data-testid="register-form">
      {failure && (
        <FormError testId="register-error">
          <ErrorText message={failure.message} />
          <RuleList rules={failure.rules} />
        </FormError>
      )}
      <Field
        label={t('field-email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('field-email-placeholder')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={email.length > 2 && !emailValid ? t('email-invalid') : undefined}
        data-testid="register-email"
      />
      <Field
        label={t('field-email-confirm')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={emailConfirm}
        onChange={(e) => setEmailConfirm(e.target.value)}
        onBlur={touch('emailConfirm')}
        error={
          emailConfirm.length > 0 &&
          !emailsMatch &&
          (touched.emailConfirm || emailConfirm.length >= email.length)
            ? t('email-confirm-mismatch')
            : undefined
        }
        data-testid="register-email-confirm"
      />
      <Field
        label={t('field-username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={usernameError}
        hint={t('field-username-hint')}
        data-testid="register-username"
      />
      <Field
        label={t('field-password')}
        type="password"
        autoComplete="new-password"
        revealable
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        onBlur={touch('password')}
        aria-describedby={rulesId}
        data-testid="register-password"
      />
      <PasswordRules password={password} id={rulesId} />
      <Field
        label={t('field-password-confirm')}
        type="password"
        autoComplete="new-password"
        revealable
        value={passwordConfirm}
        onChange={(e) => setPasswordConfirm(e.target.value)}
        onBlur={touch('passwordConfirm')}
        error={
          passwordConfirm.length > 0 &&
          !passwordsMatch &&
          (touched.passwordConfirm || passwordConfirm.length >= password.length)
            ? t('password-confirm-mismatch')
            : undefined
        }
        data-testid="register-password-confirm"
      />
      {dobEnabled && (
        <DateOfBirthFields
          value={dob}
          onChange={setDob}
          today={today}
          error={dateOfBirth !== null && !dobValid ? t('dob-invalid') : undefined}
        />
      )}
      <div className="auth-form__checks">
        <Checkbox
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          required
          data-testid="register-terms"
          label={
            <Trans
              i18nKey="register-terms"
              components={{
                terms: link(config.terms_base_link, 'register-terms-link'),
                privacy: link(config.privacy_base_link, 'register-privacy-link'),
              }}
            />
          }
        />
        <Checkbox
          checked={marketing}
          onChange={(e) => setMarketing(e.target.checked)}
          label={t('register-marketing')}
          data-testid="register-marketing"
        />
      </div>
      <Button
        type="submit"
        size="lg"
        block
        disabled={!canSubmit}
        busy={register.isPending}
        data-testid="register-submit"
      >
        {t('register-submit')}
      </Button>
      <p className="auth-switch">
        {t('register-have-account')}{' '}
        <Button variant="link" onClick={() => setAuthMode('LOGIN')} data-testid="register-to-login">
          {t('register-sign-in')}
        </Button>
      </p>
    </form>
  );
}
