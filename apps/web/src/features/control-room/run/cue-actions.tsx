import type { AlertInput } from '@encore/contract';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';

/** Sends one cue under an action name (the name marks its button busy until the server answers). */
export type Publish = (action: string, alert: AlertInput, at?: string) => Promise<void>;

/**
 * One button of a cue card: it publishes the alert it builds, submits its card's form (the form
 * builds the alert), or does something else first (a confirmation).
 */
export type CueAction = {
  action: string;
  label: string;
  variant?: ButtonVariant;
  testId?: string;
  /** Refused until its card's form is complete (and said why beside it). */
  disabled?: boolean;
} & (
  | {
      alert: () => AlertInput /** A show-clock moment to place the cue at (issue 27). */;
      at?: () => string | undefined;
    }
  | { submit: true }
  | { onClick: () => void }
);

/** The row of buttons every cue card ends with, each busy while its own action is on its way. */
export function CueActions({
  actions,
  busy,
  publish,
}: {
  actions: CueAction[];
  busy: string | null;
  publish: Publish;
}) {
  return (
    <div className="control-card__row">
      {actions.map((a) => (
        <Button
          key={a.action}
          type={'submit' in a ? 'submit' : 'button'}
          variant={a.variant}
          busy={busy === a.action}
          disabled={a.disabled}
          onClick={
            'alert' in a
              ? () => void publish(a.action, a.alert(), a.at?.())
              : 'onClick' in a
                ? a.onClick
                : undefined
          }
          data-testid={a.testId}
        >
          {a.label}
        </Button>
      ))}
    </div>
  );
}
