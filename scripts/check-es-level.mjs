/**
 * The ES level of every built chunk (issue 26): the landing promises Chrome 70+, Safari 13.1.2 and
 * iOS 13.6+ (spec CONST-04, CONST-05), so every JavaScript file of the web build must parse at
 * ECMAScript 2019 plus the two module features those browsers have (dynamic `import()` and
 * `import.meta`), and hold no regular-expression look-behind (Safari before 16.4 refuses the whole
 * file: "This page didn't load" on Enter). The update-your-browser check (public/browser-check.js) runs
 * in browsers older still, so it must be ECMAScript 5.
 *
 *   node scripts/check-es-level.mjs [dist]      (default: WEB_DIST, else apps/web/dist)
 *
 * Exits with 1 naming each file, line and construct. `npm test` runs it on the build its first phase
 * made current; vite.config.ts `build.target` is what keeps the build at this level.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, tokenizer } from 'acorn';
import { simple } from 'acorn-walk';

const ROOT = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));

/** Parsed at 2020 to read `import()` and `import.meta`; the rest of 2020 is refused below. */
const MODULE_LEVEL = 2020;
/** Files that must run where ES modules do not (the browser check that shows the update page). */
const ES5_FILES = new Set(['browser-check.js']);
const LOOK_BEHIND = /\(\?<[=!]/;

/** The constructs of ES2020 and later that acorn at 2020 accepts but the promised browsers do not. */
function newerSyntax(ast) {
  const found = [];
  simple(ast, {
    ChainExpression: (node) => found.push([node.start, 'optional chaining (?.)']),
    LogicalExpression: (node) =>
      node.operator === '??' && found.push([node.start, 'nullish coalescing (??)']),
    Literal: (node) => node.bigint !== undefined && found.push([node.start, 'BigInt literal']),
    ExportAllDeclaration: (node) => node.exported && found.push([node.start, 'export * as name']),
  });
  return found;
}

/**
 * Regex literals, and strings or template parts that build one with `RegExp(...)`, holding a
 * look-behind. The build itself turns a literal the target cannot parse into `RegExp(\`...\`)`: the
 * file then parses, and old Safari throws a SyntaxError when the module runs instead.
 */
function lookBehinds(source, ecmaVersion, sourceType) {
  const found = [];
  const TEXT_TOKENS = new Set(['string', 'template']);
  for (const token of tokenizer(source, { ecmaVersion, sourceType })) {
    const label = token.type.label;
    const text = label === 'regexp' ? token.value.pattern : TEXT_TOKENS.has(label) ? token.value : null;
    if (text && LOOK_BEHIND.test(text)) found.push([token.start, `look-behind in ${label} /${text}/`]);
  }
  return found;
}

function lineOf(source, offset) {
  return source.slice(0, offset).split('\n').length;
}

function checkFile(file) {
  const source = readFileSync(file, 'utf8');
  const es5 = ES5_FILES.has(path.basename(file));
  const ecmaVersion = es5 ? 5 : MODULE_LEVEL;
  const sourceType = es5 ? 'script' : 'module';
  let ast;
  try {
    ast = parse(source, { ecmaVersion, sourceType });
  } catch (error) {
    return [`${error.message} (does not parse at ${es5 ? 'ES5' : 'ES2019 + modules'})`];
  }
  const found = [...(es5 ? [] : newerSyntax(ast)), ...lookBehinds(source, ecmaVersion, sourceType)];
  return found.map(([offset, what]) => `line ${lineOf(source, offset)}: ${what}`);
}

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });

let files;
try {
  files = walk(dist).filter((f) => /\.m?js$/.test(f));
} catch {
  console.error(`check-es-level: no web build at ${dist} (npm run build)`);
  process.exit(1);
}
if (!files.some((f) => ES5_FILES.has(path.basename(f)))) {
  console.error(`check-es-level: ${[...ES5_FILES].join(', ')} is missing from ${dist}`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  const problems = checkFile(file);
  if (problems.length === 0) continue;
  failed += 1;
  console.error(`FAIL ${path.relative(dist, file)}`);
  for (const p of problems.slice(0, 10)) console.error(`  ${p}`);
  if (problems.length > 10) console.error(`  ... and ${problems.length - 10} more`);
}
if (failed > 0) {
  console.error(
    `\n${failed} of ${files.length} built files are above the promised browsers' level (ES2019 + modules, no look-behind; ES5 for browser-check.js): see apps/web/vite.config.ts build.target.`,
  );
  process.exit(1);
}
console.log(
  `ES level: ${files.length} built files parse at ES2019 + modules without look-behind (browser-check.js at ES5).`,
);
