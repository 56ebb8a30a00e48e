import { z } from 'zod';

/** Every error answer of the API: a stable code and a human text (DESIGN.md section 11). */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /** The request field a validation error is about, when there is one. */
  field: z.string().optional(),
  /** Registration: the password rules that were not met. */
  rules: z.array(z.string()).optional(),
  /** Phone login: wrong codes the sent code still accepts before it stops working. */
  attempts_left: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
