import { apiRequest } from '../../../lib/api/api-client.ts';

/** POST /thor/hangs/{hangId}/tosses/{tossId}/report: the message goes to the moderators' queue. */
export async function reportToss(hangId: number, tossId: string): Promise<void> {
  await apiRequest(`/thor/hangs/${hangId}/tosses/${encodeURIComponent(tossId)}/report`, {
    method: 'POST',
    handleAuthFailure: 'unauthorized-only',
  });
}
