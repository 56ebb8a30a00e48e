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
