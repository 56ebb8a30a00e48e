import { describe, expect, it } from 'vitest';
import { showsTabStrip, tabKeyTarget, viewerTabs } from './viewer-tabs.ts';

const item = { name: 'Tee', url: 'https://example.com/tee', image: '/tee.svg' };

describe('viewerTabs', () => {
  it('keeps the configured order and drops unknown names and repeats', () => {
    expect(viewerTabs({ tabs: ['react', 'chat', 'poll', 'chat', 'stickers'] })).toEqual([
      'react',
      'chat',
      'stickers',
    ]);
  });

  it('offers merch only with items to show', () => {
    expect(viewerTabs({ tabs: ['chat', 'merch'] })).toEqual(['chat']);
    expect(viewerTabs({ tabs: ['chat', 'merch'], merch: { items: [] } })).toEqual(['chat']);
    expect(viewerTabs({ tabs: ['chat', 'merch'], merch: { items: [item] } })).toEqual(['chat', 'merch']);
  });
});

describe('viewerTabs and cheers', () => {
  it('offers react only while the cheers feature is on', () => {
    expect(viewerTabs({ tabs: ['chat', 'react'], features: { cheers: false } })).toEqual(['chat']);
    expect(viewerTabs({ tabs: ['chat', 'react'], features: { cheers: true } })).toEqual(['chat', 'react']);
  });
});

describe('showsTabStrip', () => {
  it('shows the strip only for more than one tab', () => {
    expect(showsTabStrip([])).toBe(false);
    expect(showsTabStrip(['chat'])).toBe(false);
    expect(showsTabStrip(['chat', 'react'])).toBe(true);
  });
});

describe('tab keys (WAI-ARIA tabs, issue 14)', () => {
  const tabs = ['chat', 'stickers', 'merch', 'react'];
  it('moves with the arrows, wrapping, and to the ends with Home and End', () => {
    expect(tabKeyTarget(tabs, 'chat', 'ArrowRight')).toBe('stickers');
    expect(tabKeyTarget(tabs, 'chat', 'ArrowLeft')).toBe('react');
    expect(tabKeyTarget(tabs, 'react', 'ArrowRight')).toBe('chat');
    expect(tabKeyTarget(tabs, 'merch', 'Home')).toBe('chat');
    expect(tabKeyTarget(tabs, 'chat', 'End')).toBe('react');
    expect(tabKeyTarget(tabs, 'chat', 'Enter')).toBeNull();
  });
});
