import { TICKET_TEXT_EN } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { enTickets } from '../../../lib/i18n/locales/en-tickets.ts';
import { cachedCheckError, manualCheckError } from './ticket-errors.ts';

const text = (m: { key: string; params?: Record<string, string | number> }) =>
  (enTickets as Record<string, string>)[m.key]?.replace(/\{\{(\w+)\}\}/g, (_, p: string) =>
    String(m.params?.[p]),
  );

describe('manual check errors', () => {
  it('shows the spec texts for 402, 409, 415 and 429', () => {
    expect(text(manualCheckError(402))).toBe(
      'No Access Pass found. Please check the information you entered.',
    );
    expect(text(manualCheckError(409))).toBe(TICKET_TEXT_EN.alreadyRedeemed);
    expect(text(manualCheckError(415))).toBe(
      'You have used a Access Pass but for a merch order. Please use a show Access Pass.',
    );
    expect(text(manualCheckError(429))).toBe(
      'Registration already in progress. Please wait 5 minutes and try again.',
    );
  });

  it('has texts for 406 and 412', () => {
    expect(text(manualCheckError(406))).toBe(TICKET_TEXT_EN.invalidTicket);
    expect(text(manualCheckError(412))).toBe(TICKET_TEXT_EN.emailNotRecognized);
  });

  it('shows the No Access Pass text followed by the status for anything else', () => {
    expect(text(manualCheckError(500))).toBe(
      'No Access Pass found. Please check the information you entered. (500)',
    );
    expect(text(manualCheckError(400))).toContain('(400)');
  });

  it('tells a missing answer apart', () => {
    expect(manualCheckError(null).key).toBe('ticket-error-no-response');
  });
});

describe('cached check errors', () => {
  it('gives the partner texts: 404 and others not found, 406 bad code', () => {
    expect(text(cachedCheckError(404, 'weverse'))).toBe('Weverse ticket not found.');
    expect(text(cachedCheckError(402, 'weverse'))).toBe('Weverse ticket not found.');
    expect(text(cachedCheckError(406, 'weverse'))).toBe(TICKET_TEXT_EN.invalidTicket);
  });

  it('says the account holds no ticket for the own vendor', () => {
    expect(cachedCheckError(402, 'encore').key).toBe('ticket-error-not-in-account');
    expect(cachedCheckError(500, 'encore')).toEqual({ key: 'ticket-error-other', params: { status: 500 } });
    expect(cachedCheckError(null, 'thirdparty').key).toBe('ticket-error-no-response');
  });
});
