/** The client's own result codes: no answer from the server, or an answer no table names. */
export const CONNECTION_ERROR = 'CONNECTION_ERROR';
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';
