import { LIGHTSTICK } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal.tsx';
import { useConfig } from '../../lib/config/config-context.tsx';
import type { MessageKey } from '../../lib/i18n/locales/en.ts';
import { cssColour } from './lightstick-colours.ts';
import { useLightstickStore } from './lightstick-store.ts';
import { bluetoothProblem, type LightstickError } from './lightstick-transport.ts';
import { useDriveLightstick, useStickProgram } from './use-stick-program.ts';
import './lightstick.css';

const ERROR_TEXT: Record<LightstickError, MessageKey> = {
  'old-browser': 'lightstick-error-old-browser',
  unavailable: 'lightstick-error-unavailable',
  'not-obtained': 'lightstick-error-not-obtained',
};

/**
 * The light-stick row of the chat column and its Bluetooth pairing window (BT-02): the row shows the
 * stick's state (BT-03) and opens the window; the window pairs, closes once paired, and opens again
 * with a notice when the stick drops.
 */
export function LightstickPairing() {
  const { t } = useTranslation();
  const { status, deviceName, colour, playing, openWindow, unpair } = useLightstickStore();
  const paired = status === 'paired';
  useDriveLightstick(useStickProgram().program);
  return (
    <>
      <div className="stick-bar" data-testid="lightstick-bar" data-status={status} data-playing={playing}>
        <span
          className={`stick-bar__stick${paired ? ' is-paired' : ''}`}
          data-testid="lightstick-colour"
          data-colour={colour.join(',')}
          style={paired ? ({ '--stick': cssColour(colour) } as React.CSSProperties) : undefined}
          aria-hidden="true"
        />
        {/* Unpaired, the button says it all; the state is still announced. */}
        <span className={paired ? 'stick-bar__text' : 'visually-hidden'} role="status">
          {paired
            ? t(playing ? 'lightstick-paired-playing' : 'lightstick-paired-stopped', { name: deviceName })
            : t('lightstick-not-paired')}
        </span>
        {paired ? (
          <button
            type="button"
            className="stick-bar__action"
            onClick={unpair}
            data-testid="lightstick-unpair"
          >
            {t('lightstick-unpair')}
          </button>
        ) : (
          <button
            type="button"
            className="stick-bar__action"
            onClick={openWindow}
            data-testid="lightstick-open"
          >
            {t('lightstick-pair-open')}
          </button>
        )}
      </div>
      <PairingWindow />
    </>
  );
}

function PairingWindow() {
  const { t } = useTranslation();
  const config = useConfig().lightstick;
  const { windowOpen, status, error, dropped, closeWindow, pair } = useLightstickStore();
  if (!windowOpen) return null;
  // An old Chrome or a browser without Web Bluetooth cannot pair at all: say so before the fan tries.
  const problem = bluetoothProblem();
  const shown = error ?? problem;
  return (
    <Modal
      onClose={closeWindow}
      title={t('lightstick-window-title')}
      size="sm"
      testId="lightstick-window"
      cancelLabel={t('lightstick-window-later')}
      onCancel={closeWindow}
      submitLabel={t(status === 'pairing' ? 'lightstick-pairing' : 'lightstick-pair')}
      onSubmit={() => void pair(config)}
      submitDisabled={problem !== null}
      submitBusy={status === 'pairing'}
    >
      <div className="stick-window">
        <div className="stick-window__art" aria-hidden="true">
          <span className="stick-window__glow" />
          <span className="stick-window__handle" />
        </div>
        {dropped && (
          <p className="stick-window__notice" role="status" data-testid="lightstick-dropped">
            {t('lightstick-dropped')}
          </p>
        )}
        <p className="stick-window__body">{t('lightstick-window-body', { prefix: config.name_prefix })}</p>
        {shown && (
          <p className="stick-window__error" role="alert" data-testid="lightstick-error" data-error={shown}>
            {t(ERROR_TEXT[shown], { version: LIGHTSTICK.minChromeVersion })}
          </p>
        )}
      </div>
    </Modal>
  );
}
