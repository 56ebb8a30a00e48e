import { z } from 'zod';

/** Every error answer of the API: a stable code and a human text (DESIGN.md section 11). */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /** The request field a validation error is about, when there is one. */
  field: z.string().optional(),
  /** Registration: the password rules that were not met. */
  rules: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
