import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en.ts';
import { enAuth } from './locales/en-auth.ts';
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

describe('messages', () => {
  const english: Record<string, string> = { ...en, ...enAuth };

  it('keeps the two English files apart', () => {
    expect(Object.keys(en).filter((key) => key in enAuth)).toEqual([]);
  });

  it('only uses deferred (en-auth) keys inside the auth feature, which loads them', () => {
    const outside = sourceFiles(SRC).filter((file) => !relative(SRC, file).startsWith('features/auth/'));
    const offenders: string[] = [];
    for (const file of outside) {
      if (file.includes(`${join('i18n', 'locales')}`)) continue;
      const source = readFileSync(file, 'utf8');
      for (const key of Object.keys(enAuth)) {
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
});
