import { z } from 'zod';
import { safeInt, safeString } from './safe-input.ts';

/** Every error answer of the API: a stable code and a human text (DESIGN.md section 11). */
export const ErrorBody = z.object({
  code: safeString(),
  message: safeString(),
  /** The request field a validation error is about, when there is one. */
  field: safeString().optional(),
  /** Registration: the password rules that were not met. */
  rules: z.array(safeString()).optional(),
  /** Phone login: wrong codes the sent code still accepts before it stops working. */
  attempts_left: safeInt().optional(),
  /** A show save refused as stale (SHOW_STALE): the version the show is at now. */
  current_version: safeInt().optional(),
  /** An id another show already uses (SHOW_SLUG_TAKEN, SHOW_ID_TAKEN): the value, as text. */
  taken: safeString().optional(),
  /**
   * A booking code proven with its email but sent through another vendor's form (INVALID_TICKET,
   * 406): the id of the vendor that issued it, so the dialog can offer that vendor's form.
   */
  vendor: safeString().optional(),
  /**
   * A toss refused OVER_CAPACITY: 'sender' when it is the fan's own sending limit (messages per 10
   * s), 'room' when the chat room as a whole is over capacity. The client tells the fan which.
   */
  capacity: z.enum(['sender', 'room']).optional(),
  /**
   * Email login's 429 while strangers' wrong passwords have locked the account against new browsers:
   * its owner can ask for an emailed one-time sign-in link (POST /thor/auth/login_link/).
   */
  step_up: z.enum(['email_link']).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
