import {
  CODE_IMPORT_COLUMNS,
  type CodeImportError,
  ImportedTicketAttributes,
  isValidEmail,
  isWellFormedTicketCode,
  LIMITS,
  normalizeEmail,
  normalizeTicketCode,
  TICKET_CODE_MAX,
  type TicketAttributes,
} from '@encore/contract';
import { CsvError, parse } from 'csv-parse/sync';
import type { BookingCodeKind } from '../../db/schema.ts';
import type { NewCode } from './tickets.repo.ts';

export type ParsedCode = NewCode & { line: number };

type CsvRecord = { record: string[]; info: { lines: number } };

const HEADER = CODE_IMPORT_COLUMNS.join(',');

/** A quoted field may span lines: a record starts as many lines before its end as its fields hold. */
function startLine(r: CsvRecord): number {
  let inner = 0;
  for (const field of r.record) inner += field.split('\n').length - 1;
  return r.info.lines - inner;
}

function parseAttributes(raw: string): { value?: TicketAttributes; problem?: string } {
  if (raw.trim() === '') return { value: {} };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { problem: 'attributes is not valid JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { problem: 'attributes must be a JSON object' };
  }
  const parsed = ImportedTicketAttributes.safeParse(json);
  if (!parsed.success) {
    const what = parsed.error.issues.map((i) =>
      i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message,
    );
    return { problem: `attributes: ${what.join(', ')}` };
  }
  return { value: parsed.data };
}

/**
 * Reads a booking-code CSV (`code,email,vendor,attributes`, optionally `,kind`) and checks every row,
 * so that one answer lists every bad line. Codes are trimmed and uppercased, emails lowercased.
 */
export function parseCodeCsv(
  text: string,
  vendorIds: readonly string[],
): { rows: ParsedCode[]; errors: CodeImportError[] } {
  let records: CsvRecord[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as CsvRecord[];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? 0;
      return { rows: [], errors: [{ line, message: `not a readable CSV file: ${err.message}` }] };
    }
    throw err;
  }

  const header = records[0]?.record.map((h) => h.trim().toLowerCase()) ?? [];
  const withKind = header.length === 5 && header[4] === 'kind';
  if (header.slice(0, 4).join(',') !== HEADER || (header.length !== 4 && !withKind)) {
    return {
      rows: [],
      errors: [
        {
          line: records[0] ? startLine(records[0]) : 1,
          message: `the first row must be "${HEADER}" (and optionally ",kind")`,
        },
      ],
    };
  }

  const rows: ParsedCode[] = [];
  const errors: CodeImportError[] = [];
  const seen = new Map<string, number>();
  for (const r of records.slice(1)) {
    const line = startLine(r);
    // A row of blank fields (spaces, a trailing comma line) is treated as an empty line.
    if (r.record.every((f) => f.trim() === '')) continue;
    if (r.record.length !== header.length) {
      errors.push({ line, message: `expected ${header.length} columns, found ${r.record.length}` });
      continue;
    }
    const [rawCode = '', rawEmail = '', rawVendor = '', rawAttributes = '', rawKind = ''] = r.record;
    const problems: string[] = [];

    const code = normalizeTicketCode(rawCode);
    if (code === '') problems.push('code is missing');
    else if (code.length < LIMITS.ticketCodeMin)
      problems.push(`code "${code}" is shorter than ${LIMITS.ticketCodeMin} characters`);
    else if (!isWellFormedTicketCode(code)) {
      problems.push(`code "${code}" must be letters, digits, "-" or "_", at most ${TICKET_CODE_MAX}`);
    } else if (seen.has(code)) problems.push(`code "${code}" is already on line ${seen.get(code)}`);
    else seen.set(code, line);

    const email = normalizeEmail(rawEmail);
    if (email === '') problems.push('email is missing');
    else if (!isValidEmail(email)) problems.push(`email "${email}" is not a valid address`);

    const vendor = rawVendor.trim().toLowerCase();
    if (vendor === '') problems.push('vendor is missing');
    else if (!vendorIds.includes(vendor)) {
      problems.push(`vendor "${vendor}" is not a ticketing vendor of this show (${vendorIds.join(', ')})`);
    }

    const attributes = parseAttributes(rawAttributes);
    if (attributes.problem) problems.push(attributes.problem);

    const kind = rawKind.trim().toLowerCase() || 'show';
    if (kind !== 'show' && kind !== 'merch') problems.push(`kind "${kind}" must be show or merch`);

    if (problems.length > 0) errors.push({ line, message: problems.join('; ') });
    else
      rows.push({
        line,
        code,
        email,
        vendor,
        attributes: attributes.value ?? {},
        kind: kind as BookingCodeKind,
      });
  }
  return { rows, errors };
}
