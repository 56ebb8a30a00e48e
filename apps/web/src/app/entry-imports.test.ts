import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** Module specifiers a file imports statically (not `import type`, not `import()`). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms))
    specs.push(m[1] ?? '');
  for (const m of code.matchAll(/^import\s+'([^']+)'/gm)) specs.push(m[1] ?? '');
  return specs.filter(Boolean);
}

/** Every source module the entry (main.tsx) reaches through static imports, and the packages. */
function entryGraph(): { modules: Set<string>; packages: Map<string, string> } {
  const modules = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const spec of staticImports(file)) {
      if (!spec.startsWith('.')) {
        if (!packages.has(spec)) packages.set(spec, relative(SRC, file));
        continue;
      }
      const target = join(dirname(file), spec);
      if (/\.tsx?$/.test(target) && existsSync(target)) visit(target);
    }
  };
  visit(join(SRC, 'main.tsx'));
  return { modules, packages };
}

describe('the landing entry', () => {
  // The QueryClientProvider wraps the lazy parts that query (lib/query-root.tsx), not the root: a
  // query hook in a module of the entry would find no client at runtime, and TanStack Query would be
  // back in the entry (budget 120 kB gzip, issue 14).
  it('imports no TanStack Query: queries live in lazy parts loaded through lib/query-root.tsx', () => {
    const { modules, packages } = entryGraph();
    expect(modules.size).toBeGreaterThan(20);
    expect(packages.get('@tanstack/react-query')).toBeUndefined();
    const names = [...modules].map((m) => relative(SRC, m));
    expect(names).not.toContain('lib/query-client.ts');
    expect(names).not.toContain('lib/query-root.tsx');
  });
});
