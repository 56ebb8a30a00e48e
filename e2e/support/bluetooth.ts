import type { BrowserContext, Page } from '@playwright/test';

/**
 * A stand-in for navigator.bluetooth, defined before the app's scripts run. Headless Chromium has no
 * Web Bluetooth (no adapter): this is the browser boundary, and only it is replaced. It offers one
 * stick named ENCORE-LS-0001 when asked with a name prefix it matches, and records every colour
 * written to the configured characteristic with the page's clock.
 */
export interface FakeBluetoothLog {
  requests: { filters: { namePrefix: string }[]; optionalServices: string[] }[];
  writes: { at: number; service: string; characteristic: string; colour: number[] }[];
}

export async function fakeBluetooth(context: BrowserContext, deviceName = 'ENCORE-LS-0001'): Promise<void> {
  await context.addInitScript((name) => {
    const log: FakeBluetoothLog = { requests: [], writes: [] };
    const device = new EventTarget() as EventTarget & { name: string; gatt: unknown };
    let connected = false;
    const server = {
      get connected() {
        return connected;
      },
      connect: async () => {
        connected = true;
        return server;
      },
      disconnect: () => {
        if (!connected) return;
        connected = false;
        device.dispatchEvent(new Event('gattserverdisconnected'));
      },
      getPrimaryService: async (service: string) => ({
        getCharacteristic: async (characteristic: string) => ({
          writeValue: async (value: Uint8Array) => {
            if (!connected) throw new DOMException('GATT Server is disconnected.', 'NetworkError');
            log.writes.push({ at: Date.now(), service, characteristic, colour: [...value] });
          },
        }),
      }),
    };
    device.name = name;
    device.gatt = server;
    Object.defineProperty(navigator, 'bluetooth', {
      configurable: true,
      value: {
        requestDevice: async (options: FakeBluetoothLog['requests'][number]) => {
          log.requests.push(JSON.parse(JSON.stringify(options)));
          if (!options.filters.some((f) => name.startsWith(f.namePrefix)))
            throw new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError');
          return device;
        },
      },
    });
    // The stick switched off or out of range.
    Object.assign(globalThis, { __bt: log, __btDrop: () => server.disconnect() });
  }, deviceName);
}

export const bluetoothLog = (page: Page): Promise<FakeBluetoothLog> =>
  page.evaluate(() => (globalThis as unknown as { __bt: FakeBluetoothLog }).__bt);
