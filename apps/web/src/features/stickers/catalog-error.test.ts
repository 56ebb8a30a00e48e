import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import { catalogErrorKey } from './catalog-error.ts';

describe('catalogErrorKey', () => {
  it('COM-04: 408 INVALID_APP asks for a reload; 401, other statuses and no answer are the generic failure', () => {
    expect(catalogErrorKey(new ApiError(408, { code: 'INVALID_APP', message: 'x' }))).toBe(
      'sticker-load-invalid-app',
    );
    expect(catalogErrorKey(new ApiError(401, null))).toBe('sticker-load-failed');
    expect(catalogErrorKey(new ApiError(500, null))).toBe('sticker-load-failed');
    expect(catalogErrorKey(new ApiError(null, null))).toBe('sticker-load-failed');
    expect(catalogErrorKey(new Error('boom'))).toBe('sticker-load-failed');
  });
});
