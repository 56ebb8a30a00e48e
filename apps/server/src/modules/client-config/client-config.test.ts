import { ClientConfig } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { buildClientConfig } from './client-config.routes.ts';

describe('the client configuration', () => {
  it('enables casting unless CASTING=false (PLY-17: the cast button only if casting is enabled)', () => {
    const on = buildClientConfig(parseConfig({ NODE_ENV: 'test' }), []);
    expect(ClientConfig.parse(on).features.casting).toBe(true);
    const off = buildClientConfig(parseConfig({ NODE_ENV: 'test', CASTING: 'false' }), []);
    expect(off.features.casting).toBe(false);
  });
});

describe('the light-stick, shop and merch settings', () => {
  it('serves the light-stick prefix and GATT ids, the shop URLs and the program PDF; each is configurable (BT-09, MRC-03)', () => {
    const demo = ClientConfig.parse(buildClientConfig(parseConfig({ NODE_ENV: 'test' }), []));
    expect(demo.lightstick).toEqual({
      name_prefix: 'ENCORE-LS',
      service_uuid: '0000ffe0-0000-1000-8000-00805f9b34fb',
      characteristic_uuid: '0000ffe1-0000-1000-8000-00805f9b34fb',
    });
    expect(demo.shop.products_url).toBe('/shop/products.json');
    expect(demo.program_pdf).toBe('/program.pdf');
    expect(demo.landing.merch_store).toEqual({
      enabled: true,
      title: '',
      url: 'https://example.com/the-encores/shop',
    });

    const custom = buildClientConfig(
      parseConfig({
        NODE_ENV: 'test',
        LIGHTSTICK_NAME_PREFIX: 'STICK-',
        LIGHTSTICK_SERVICE_UUID: '6e400001-b5a3-f393-e0a9-e50e24dcca9e',
        LIGHTSTICK_CHARACTERISTIC_UUID: '6e400002-b5a3-f393-e0a9-e50e24dcca9e',
        SHOP_SCRIPT_URL: '/shop/buy-button.js',
        MERCH_STORE_URL: 'https://shop.example.org/',
        MERCH_STORE_TITLE: 'Tour store',
      }),
      [],
    );
    expect(custom.lightstick.name_prefix).toBe('STICK-');
    expect(custom.lightstick.characteristic_uuid).toBe('6e400002-b5a3-f393-e0a9-e50e24dcca9e');
    expect(custom.shop.script_url).toBe('/shop/buy-button.js');
    expect(custom.landing.merch_store).toEqual({
      enabled: true,
      title: 'Tour store',
      url: 'https://shop.example.org/',
    });
    expect(() => parseConfig({ NODE_ENV: 'test', LIGHTSTICK_SERVICE_UUID: 'ffe0' })).toThrow();
    // Without the demo (production's default) the section shows only when a store is configured.
    const plain = parseConfig({ NODE_ENV: 'test', DEMO_DATA: 'false' });
    expect(buildClientConfig(plain, []).landing.merch_store.enabled).toBe(false);
  });
});
