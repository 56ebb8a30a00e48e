/**
 * The social-post widget's share window (MRC-08): the provider's intent page with the text and the
 * hashtags, opened as a 550x450 popup (viewing section 9).
 */
export const SHARE_INTENT_URL = 'https://twitter.com/intent/tweet';
export const SHARE_WINDOW = { width: 550, height: 450 } as const;

/** Hashtags without '#' and spaces: the configured ones, else the artist's name run together. */
export function shareHashtags(configured: readonly string[] | undefined, artist: string): string[] {
  if (configured?.length) return [...configured];
  const tag = artist.replace(/[^\p{L}\p{N}_]/gu, '');
  return tag ? [tag] : [];
}

export function shareUrl(text: string, hashtags: readonly string[]): string {
  const params = new URLSearchParams({ text });
  if (hashtags.length) params.set('hashtags', hashtags.join(','));
  return `${SHARE_INTENT_URL}?${params}`;
}

/** The popup's features, centred over the current window when the browser tells where that is. */
export function shareWindowFeatures(screen: { left: number; top: number; width: number; height: number }) {
  const left = Math.max(0, Math.round(screen.left + (screen.width - SHARE_WINDOW.width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - SHARE_WINDOW.height) / 2));
  return `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},left=${left},top=${top},noopener`;
}
