import { beforeEach, describe, expect, it, vi } from 'vitest';

// Node has no browser storage or page: in-memory stand-ins, and a fetch that records what the
// analytics batch would POST, so the real modules run as they do in the browser.
const data = new Map<string, string>();
const posted: { url: string; body: unknown }[] = [];
vi.stubGlobal('localStorage', {
  getItem: (k: string) => data.get(k) ?? null,
  setItem: (k: string, v: string) => void data.set(k, v),
  removeItem: (k: string) => void data.delete(k),
});
vi.stubGlobal('document', { referrer: '' });
vi.stubGlobal('window', { location: { search: '' }, addEventListener: () => {} });
vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
  posted.push({ url, body: JSON.parse(init.body) });
  return new Response(null, { status: 202 });
});
const { HANG_SESSION_KEY, readHangSession, writeHangSession } = await import('./hang-session.ts');
const { flushAnalytics, setAnalyticsContext, track } = await import('../../lib/analytics/analytics.ts');

beforeEach(() => {
  data.clear();
  posted.length = 0;
});

describe('the hang session (CHAT-08, DEV-09, ANL-03)', () => {
  it('is kept as hangSession for the next load, and cleared on leave', () => {
    expect(readHangSession()).toBeNull();
    writeHangSession('3f1c-session');
    expect(data.get(HANG_SESSION_KEY)).toBe('3f1c-session');
    expect(readHangSession()).toBe('3f1c-session');
    writeHangSession(null);
    expect(data.has(HANG_SESSION_KEY)).toBe(false);
  });

  it('is the device_id of analytics events while the fan is in the room', async () => {
    setAnalyticsContext({ category: 'Encore Live' });
    writeHangSession('3f1c-session');
    track('videoquality', { label: '720p', index: 0 });
    writeHangSession(null);
    track('videoquality', { label: '360p', index: 2 });
    await flushAnalytics();
    const events = posted.flatMap((p) => (p.body as { events: Record<string, unknown>[] }).events);
    expect(posted[0]?.url).toContain('/thor/event/');
    expect(events.map((e) => [e.event_category, e.device_id])).toEqual([
      ['Encore Live', '3f1c-session'],
      ['Encore Live', null],
    ]);
  });
});
