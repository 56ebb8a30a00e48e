import type { BroadcastStatus, RotatedKey } from '@encore/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The stream keys, each under its angle's name. A key made or rotated on this page can be copied
 * without ever being shown; it shows only while "Reveal" is pressed (a shared screen must not leak
 * it). Other keys show their last characters, to tell which key an encoder holds.
 */
export function StreamKeys({
  status,
  fresh,
  nameOf,
  busy,
  copy,
  onRotate,
}: {
  status: BroadcastStatus;
  fresh: RotatedKey[];
  nameOf: (stream: string) => string;
  busy: boolean;
  copy: (text: string) => void;
  onRotate: (stream: string) => void;
}) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState<string | null>(null);
  const over = status.state === 'ended' || status.state === 'replay';
  return (
    <ul className="broadcast-keys">
      {status.keys.map((k) => {
        const shown = fresh.find((f) => f.stream === k.stream && f.key_hint === k.key_hint);
        const open = shown && revealed === k.stream;
        const name = nameOf(k.stream);
        return (
          <li key={k.stream} data-testid={`broadcast-key-${k.stream}`}>
            <span className="broadcast-keys__stream">{name}</span>
            {open ? (
              <code className="broadcast-keys__key" data-testid="broadcast-key-full">
                {shown.key}
              </code>
            ) : (
              <code className="broadcast-keys__key" data-testid="broadcast-key-masked">
                {shown ? '••••••••••••' : t('broadcast-key-hidden', { hint: k.key_hint })}
              </code>
            )}
            {shown && (
              <>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-pressed={Boolean(open)}
                  aria-label={t(open ? 'broadcast-key-hide-named' : 'broadcast-key-reveal-named', { name })}
                  data-testid={`broadcast-reveal-${k.stream}`}
                  onClick={() => setRevealed(open ? null : k.stream)}
                >
                  {t(open ? 'broadcast-key-hide' : 'broadcast-key-reveal')}
                </Button>
                <Button
                  size="sm"
                  aria-label={t('broadcast-key-copy-named', { name })}
                  onClick={() => copy(shown.key)}
                >
                  {t('broadcast-copy')}
                </Button>
              </>
            )}
            <Button
              size="sm"
              variant="ghost"
              disabled={busy || over}
              aria-label={t('broadcast-rotate-named', { name })}
              onClick={() => onRotate(k.stream)}
              data-testid={`broadcast-rotate-${k.stream}`}
            >
              {t('broadcast-rotate')}
            </Button>
            {shown && <span className="broadcast-keys__once">{t('broadcast-key-once')}</span>}
          </li>
        );
      })}
    </ul>
  );
}
