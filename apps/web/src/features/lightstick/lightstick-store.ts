import { create } from 'zustand';
import { track } from '../../lib/analytics/analytics.ts';
import { BLACK, type Rgb } from './lightstick-colours.ts';
import { createStickController, type StickController } from './lightstick-player.ts';
import type { StickProgram } from './lightstick-program.ts';
import {
  type LightstickConfig,
  type LightstickDevice,
  type LightstickError,
  LightstickFailure,
  requestLightstick,
} from './lightstick-transport.ts';

/**
 * The fan's Bluetooth light-stick (BT-02, BT-03): not paired, pairing, or paired; the pairing window
 * closes on pairing and opens again when the stick disconnects. Pairing and disconnect each send an
 * analytics event (BT-05). The colour shown is kept for the on-screen preview.
 */
export type PairStatus = 'unpaired' | 'pairing' | 'paired';

interface LightstickState {
  status: PairStatus;
  deviceName: string | null;
  error: LightstickError | null;
  windowOpen: boolean;
  /** The window reopened because the stick dropped (its notice). */
  dropped: boolean;
  colour: Rgb;
  playing: boolean;
  openWindow(): void;
  closeWindow(): void;
  pair(config: LightstickConfig): Promise<void>;
  unpair(): void;
  program(next: StickProgram | null): void;
}

let device: LightstickDevice | null = null;
let controller: StickController | null = null;
let current: StickProgram | null = null;

const sameProgram = (a: StickProgram | null, b: StickProgram | null) =>
  a === b || (!!a && !!b && a.startedAt === b.startedAt && a.track.title === b.track.title);

export const useLightstickStore = create<LightstickState>()((set, get) => ({
  status: 'unpaired',
  deviceName: null,
  error: null,
  windowOpen: false,
  dropped: false,
  colour: BLACK,
  playing: false,
  openWindow: () => set({ windowOpen: true }),
  closeWindow: () => set({ windowOpen: false, dropped: false, error: null }),
  async pair(config) {
    if (get().status !== 'unpaired') return;
    set({ status: 'pairing', error: null, dropped: false });
    try {
      const paired = await requestLightstick(config);
      device = paired;
      controller = createStickController({
        // A lost write is followed by the next step's; the link's own drop is reported separately.
        write: (colour) => {
          set({ colour });
          paired.write(colour).catch(() => {});
        },
        onEnd: () => set({ playing: false }),
      });
      paired.onDisconnect(() => {
        if (device !== paired) return;
        controller?.dispose();
        device = null;
        controller = null;
        track('bt_lightstick', { qualifier: 'disconnect' });
        set({ status: 'unpaired', deviceName: null, windowOpen: true, dropped: true, playing: false });
        set({ colour: BLACK });
      });
      track('bt_lightstick', { qualifier: 'pair' });
      set({ status: 'paired', deviceName: paired.name, windowOpen: false });
      // A track already under way when the stick joins plays from where it is.
      const waiting = current;
      current = null;
      get().program(waiting);
    } catch (e) {
      set({ status: 'unpaired', error: e instanceof LightstickFailure ? e.reason : 'not-obtained' });
    }
  },
  unpair() {
    device?.disconnect();
  },
  program(next) {
    if (sameProgram(next, current)) return;
    const before = current;
    current = next;
    if (!controller) return;
    if (next) {
      controller.play(next.track, next.startedAt);
      set({ playing: true });
    } else if (before) {
      controller.stop();
      set({ playing: false });
    }
  },
}));
