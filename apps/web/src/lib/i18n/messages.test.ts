import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en.ts';
import { enAuth } from './locales/en-auth.ts';
import { enChat } from './locales/en-chat.ts';
import { enControl } from './locales/en-control.ts';
import { enEvent } from './locales/en-event.ts';
import { enLanding } from './locales/en-landing.ts';
import { enNotices } from './locales/en-notices.ts';
import { enPlayer } from './locales/en-player.ts';
import { enTickets } from './locales/en-tickets.ts';
import { ja } from './locales/ja.ts';
import { ko } from './locales/ko.ts';
import { zhCn } from './locales/zh-cn.ts';

const SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[0]).sort();

/** Each deferred English file, and where its keys may be used: only code that loads the file. */
const DEFERRED: { name: string; texts: Record<string, string>; usedIn: (path: string) => boolean }[] = [
  { name: 'en-auth', texts: enAuth, usedIn: (p) => p.startsWith('features/auth/') },
  {
    name: 'en-tickets',
    texts: enTickets,
    usedIn: (p) => p.startsWith('features/tickets/modals/') || p === 'features/tickets/api/ticket-errors.ts',
  },
  { name: 'en-event', texts: enEvent, usedIn: (p) => p.startsWith('features/event/') },
  { name: 'en-landing', texts: enLanding, usedIn: (p) => p.startsWith('features/landing/sections/') },
  {
    name: 'en-chat',
    texts: enChat,
    // The merch and react tabs live in the chat column, which loads these texts.
    usedIn: (p) => /^features\/(chat|stickers|cheer|merch|alerts|control-room|lightstick)\//.test(p),
  },
  { name: 'en-player', texts: enPlayer, usedIn: (p) => /^features\/(player|viewer)\//.test(p) },
  { name: 'en-control', texts: enControl, usedIn: (p) => p.startsWith('features/control-room/') },
  {
    name: 'en-notices',
    texts: enNotices,
    usedIn: (p) =>
      [
        'app/notice-modal.tsx',
        'app/help-widget.tsx',
        'app/not-found-page.tsx',
        'app/footer-content.tsx',
      ].includes(p),
  },
];

describe('messages', () => {
  const english: Record<string, string> = {
    ...en,
    ...enAuth,
    ...enTickets,
    ...enEvent,
    ...enLanding,
    ...enChat,
    ...enPlayer,
    ...enControl,
    ...enNotices,
  };

  it('keeps the English files apart', () => {
    const files = [en, ...DEFERRED.map((d) => d.texts)];
    const total = files.reduce((n, f) => n + Object.keys(f).length, 0);
    expect(Object.keys(english)).toHaveLength(total);
  });

  it.each(DEFERRED)('only uses $name keys where that file is loaded', ({ texts, usedIn }) => {
    const outside = sourceFiles(SRC).filter((file) => !usedIn(relative(SRC, file).split('\\').join('/')));
    const offenders: string[] = [];
    for (const file of outside) {
      if (file.includes(`${join('i18n', 'locales')}`)) continue;
      const source = readFileSync(file, 'utf8');
      for (const key of Object.keys(texts)) {
        if (source.includes(`'${key}'`) || source.includes(`"${key}"`))
          offenders.push(`${relative(SRC, file)}: ${key}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it.each([
    ['ja', ja],
    ['ko', ko],
    ['zh-cn', zhCn],
  ])('%s has every key, translated, with the same placeholders', (_locale, messages) => {
    const table: Record<string, string> = messages;
    expect(Object.keys(table).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(table[key]?.trim(), key).toBeTruthy();
      expect(placeholders(table[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  /**
   * Keys whose text may be the English one in a locale (issue 14: "MULTIVIEW", "LIVE" and the footer
   * were left in English in ja and ko). A new key equal to English fails until it is translated or
   * added here with its reason.
   */
  const MAY_EQUAL_ENGLISH: Record<string, readonly string[]> = {
    // Names and codes that read the same in every language.
    all: [
      'app-name',
      'language-en',
      'language-ja',
      'language-ko',
      'language-zh-cn',
      'entitlement-4k',
      // The view button back to the HD cameras, beside "4K" (issue 26): HD is HD in every language.
      'viewer-hd',
      'field-email-placeholder',
      'purchase-card',
      // KST is the zone's name in every language; the date and time come formatted for the locale.
      'show-time-kst',
      // The control room's counts, stream formats and field names: the same in every language.
      'host-codes-count',
      'host-field-stream-url',
      'host-stream-stream4k',
      'host-field-url',
      'host-field-4k',
      'ticket-type-vip',
      // Brand names the services write in Latin letters everywhere (issue 26's share buttons).
      'share-x',
      'share-line',
    ],
    // "OK" is the button's word in Japanese UIs; Korean cards print "CVC" and phone numbers as 010-.
    // Weibo and KakaoTalk by the names their own apps show in Japan and in China.
    ja: ['notice-ok', 'share-weibo'],
    ko: ['card-cvc', 'field-phone-placeholder'],
    'zh-cn': ['share-kakao'],
  };

  it.each([
    ['ja', ja],
    ['ko', ko],
    ['zh-cn', zhCn],
  ] as const)('%s does not repeat the English text outside its allow list', (locale, messages) => {
    const table: Record<string, string> = messages;
    const allowed = new Set([...(MAY_EQUAL_ENGLISH.all ?? []), ...(MAY_EQUAL_ENGLISH[locale] ?? [])]);
    const same = Object.keys(english).filter((key) => table[key] === english[key] && !allowed.has(key));
    expect(same).toEqual([]);
  });
});
