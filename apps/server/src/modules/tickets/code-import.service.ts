import type { CodeImportResult } from '@encore/contract';
import { AppError, notFound } from '../../errors.ts';
import type { ShowsRepo } from '../shows/shows.repo.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import { parseCodeCsv } from './code-import.ts';
import type { TicketsRepo } from './tickets.repo.ts';

/**
 * Imports a show's booking codes from CSV, all or nothing: one bad row (or a code the show already
 * has) imports nothing and the answer lists every bad line. Shared by the host endpoint and the CLI.
 */
export function createCodeImporter(deps: { shows: ShowsRepo; tickets: TicketsRepo }) {
  return {
    async importCsv(slug: string, text: string): Promise<CodeImportResult> {
      const show = await deps.shows.findBySlug(slug);
      if (!show) throw notFound('Show not found.');
      const { rows, errors } = parseCodeCsv(
        text,
        show.details.ticketing.map((v) => v.id),
      );
      const existing = await deps.tickets.existingCodes(
        show.id,
        rows.map((r) => r.code),
      );
      for (const r of rows) {
        if (existing.has(r.code))
          errors.push({ line: r.line, message: `code "${r.code}" already exists for this show` });
      }
      if (errors.length > 0) return { imported: 0, errors: errors.sort((a, b) => a.line - b.line) };
      try {
        await deps.tickets.transaction((tx) => deps.tickets.insertCodes(show.id, rows, tx));
      } catch (err) {
        if (isUniqueViolation(err, 'booking_codes_show_code_key')) {
          throw new AppError(
            'IMPORT_CONFLICT',
            409,
            'Another import added some of these codes meanwhile; nothing was imported. Please try again.',
          );
        }
        throw err;
      }
      return { imported: rows.length, errors: [] };
    },
  };
}

export type CodeImporter = ReturnType<typeof createCodeImporter>;
