import { type ClientConfig, isOldBrowserForBluetooth } from '@encore/contract';
import type { Rgb } from './lightstick-colours.ts';

/**
 * The light-stick behind a small interface: Web Bluetooth in the browser. The three failures of
 * viewing section 8 (BT-11) are the errors it reports; everything above it is plain state.
 */

export type LightstickError = 'old-browser' | 'unavailable' | 'not-obtained';

export interface LightstickDevice {
  readonly name: string;
  write(colour: Rgb): Promise<void>;
  /** Called once when the link drops (switched off, out of range) or is closed. */
  onDisconnect(listener: () => void): void;
  disconnect(): void;
}

export type LightstickConfig = ClientConfig['lightstick'];

/** The part of navigator.bluetooth used here (the DOM library has no Web Bluetooth types). */
interface BluetoothCharacteristic {
  writeValue(value: BufferSource): Promise<void>;
}
interface BluetoothGattServer {
  connected: boolean;
  connect(): Promise<BluetoothGattServer>;
  disconnect(): void;
  getPrimaryService(uuid: string): Promise<{
    getCharacteristic(uuid: string): Promise<BluetoothCharacteristic>;
  }>;
}
interface BluetoothDevice extends EventTarget {
  name?: string;
  gatt?: BluetoothGattServer;
}
interface Bluetooth {
  requestDevice(options: {
    filters: { namePrefix: string }[];
    optionalServices: string[];
  }): Promise<BluetoothDevice>;
}

const bluetoothOf = (nav: Navigator): Bluetooth | undefined =>
  (nav as Navigator & { bluetooth?: Bluetooth }).bluetooth;

/** What stops pairing before it starts: an old Chrome (BT-08), or no Web Bluetooth at all. */
export function bluetoothProblem(nav: Navigator = navigator): LightstickError | null {
  if (isOldBrowserForBluetooth(nav.userAgent)) return 'old-browser';
  return bluetoothOf(nav) ? null : 'unavailable';
}

// Web Bluetooth takes full 128-bit UUIDs in lower case only.
const uuid = (value: string): string => value.toLowerCase();

/**
 * Asks the browser for a stick whose name starts with the configured prefix (BT-09), connects, and
 * finds the colour characteristic. The fan's chooser being dismissed, no stick in range, or a stick
 * without the characteristic are all 'not-obtained'.
 */
export async function requestLightstick(
  config: LightstickConfig,
  nav: Navigator = navigator,
): Promise<LightstickDevice> {
  const problem = bluetoothProblem(nav);
  const bluetooth = bluetoothOf(nav);
  if (problem || !bluetooth) throw new LightstickFailure(problem ?? 'unavailable');
  try {
    const device = await bluetooth.requestDevice({
      filters: [{ namePrefix: config.name_prefix }],
      optionalServices: [uuid(config.service_uuid)],
    });
    const server = await device.gatt?.connect();
    if (!server) throw new Error('no GATT server');
    const service = await server.getPrimaryService(uuid(config.service_uuid));
    const characteristic = await service.getCharacteristic(uuid(config.characteristic_uuid));
    return {
      name: device.name ?? config.name_prefix,
      write: (c) => characteristic.writeValue(new Uint8Array([c[0], c[1], c[2]])),
      onDisconnect: (listener) =>
        device.addEventListener('gattserverdisconnected', () => listener(), { once: true }),
      disconnect: () => server.disconnect(),
    };
  } catch {
    throw new LightstickFailure('not-obtained');
  }
}

export class LightstickFailure extends Error {
  readonly reason: LightstickError;
  constructor(reason: LightstickError) {
    super(reason);
    this.reason = reason;
  }
}
