export * from './auth.ts';
export * from './client-config.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './result-codes.ts';
export * from './users.ts';
export * from './validation.ts';
