import { type PasswordRule, passwordRuleFailures } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';

const RULE_KEYS: Record<PasswordRule, MessageKey> = {
  length: 'password-rule-length',
  lowercase: 'password-rule-lowercase',
  uppercase: 'password-rule-uppercase',
  digit: 'password-rule-digit',
};

/** The registration password rules with a live check mark per rule. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const failed = new Set(passwordRuleFailures(password));
  return (
    <div className="password-rules" id={id} data-testid="password-rules">
      <span className="password-rules__title">{t('password-rules-title')}</span>
      <ul>
        {(Object.keys(RULE_KEYS) as PasswordRule[]).map((rule) => {
          const met = password.length > 0 && !failed.has(rule);
          return (
            <li key={rule} className={met ? 'is-met' : ''} data-rule={rule} data-met={met}>
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                {met ? (
                  <path d="M3.5 8.5 6.5 11.5 12.5 4.5" fill="none" stroke="currentColor" strokeWidth="2" />
                ) : (
                  <circle cx="8" cy="8" r="3" fill="currentColor" />
                )}
              </svg>
              {t(RULE_KEYS[rule])}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The rules a server answer named, as a plain list under the error. */
export function RuleList({ rules }: { rules: readonly PasswordRule[] }) {
  const { t } = useTranslation();
  if (!rules.length) return null;
  return (
    <ul className="rule-list" data-testid="password-rules-failed">
      {rules.map((rule) => (
        <li key={rule}>{t(RULE_KEYS[rule])}</li>
      ))}
    </ul>
  );
}
