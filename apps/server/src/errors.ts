/**
 * The one error vocabulary of the server: thrown anywhere, answered by the single error handler in
 * app.ts as {code, message} with the spec's status.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly extra: Record<string, unknown>;
  constructor(code: string, status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.extra = extra;
  }
}

export const unauthorized = () =>
  new AppError('UNAUTHORIZED', 401, 'Authentication credentials were not provided.');
export const forbidden = () =>
  new AppError('FORBIDDEN', 403, 'You do not have permission to perform this action.');
export const notFound = (what = 'Not found.') => new AppError('NOT_FOUND', 404, what);
