import type { FastifySerializerCompiler } from 'fastify/types/schema.ts';

/**
 * For the doors-open hot paths only (entry, cheer posts): the answer is written with JSON.stringify
 * as the presenter built it, without the zod re-parse every other route gets. That re-parse was a
 * fifth of an entry's CPU in a profile (docs/benchmarks.md); the presenters build exactly the
 * contract's shape, which the routes' tests check (the body equals its own contract parse, so no
 * extra field can slip through unnoticed). Errors are plain { code, message } bodies either way.
 */
export const presenterShaped: { serializerCompiler: FastifySerializerCompiler<unknown> } = {
  serializerCompiler: () => (data) => JSON.stringify(data),
};
