import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const CONTRACT = join(SRC, '../../../packages/contract/src');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
const sources = (dir: string) => walk(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

/** Contract module of every exported value (const, function, class), by name. */
function contractValues(): Map<string, string> {
  const values = new Map<string, string>();
  for (const file of sources(CONTRACT)) {
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/^export\s+(?:const|function|class|enum)\s+(\w+)/gm))
      values.set(m[1] ?? '', relative(CONTRACT, file));
  }
  return values;
}

/** Values (not types) a file imports from @encore/contract. */
function contractImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const m of code.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s*from\s*'@encore\/contract'/gm))
    for (const part of (m[1] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0] ?? '';
      if (name && !name.startsWith('type ')) names.push(name);
    }
  return names;
}

describe('contract values in the fan-facing client', () => {
  // A value imported from a contract module that builds Zod schemas brings the module whole, its
  // schema imports and Zod itself into the page, and every schema is built when the chunk runs: on
  // the viewer a task of its own start-up (issue 26, Lighthouse's total blocking time). Such values
  // live in the Zod-free modules (chat-rules.ts, channels.ts...). The host area may use schemas
  // (show-form.ts validates with Show): it is its own lazy chunk.
  it('come from Zod-free modules, outside the host area', () => {
    const values = contractValues();
    const zodModules = new Set(
      sources(CONTRACT)
        .filter((f) => /from 'zod'/.test(readFileSync(f, 'utf8')))
        .map((f) => relative(CONTRACT, f)),
    );
    expect(zodModules.size).toBeGreaterThan(10);
    const offending: string[] = [];
    let checked = 0;
    for (const file of sources(SRC)) {
      const name = relative(SRC, file);
      if (name.startsWith('features/control-room/')) continue;
      for (const value of contractImports(file)) {
        checked++;
        const module = values.get(value);
        if (module === undefined || zodModules.has(module)) offending.push(`${name}: ${value} (${module})`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(offending).toEqual([]);
  });
});
