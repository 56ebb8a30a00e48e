import type { Locale } from '@encore/contract';

/**
 * The social-post widget's share targets (MRC-08, issue 26): the services fans of these shows use,
 * each through its public web share page, opened as a 550x450 popup (viewing section 9). KakaoTalk
 * has no share page without its SDK and an app key: the device's share sheet carries it where there
 * is one, else the link is copied to paste in KakaoTalk (docs/decisions.md).
 */
export type ShareService = 'kakao' | 'line' | 'weibo' | 'x';
export type WindowService = Exclude<ShareService, 'kakao'>;

export const SHARE_WINDOW = { width: 550, height: 450 } as const;

/** The service the fan's language most likely uses first: KakaoTalk in Korean, LINE in Japanese... */
const ORDER: Record<Locale, readonly ShareService[]> = {
  en: ['x', 'line', 'kakao', 'weibo'],
  ko: ['kakao', 'x', 'line', 'weibo'],
  ja: ['line', 'x', 'kakao', 'weibo'],
  'zh-cn': ['weibo', 'x', 'line', 'kakao'],
};

export function shareServices(locale: Locale): readonly ShareService[] {
  return ORDER[locale];
}

/** Hashtags without '#' and spaces: the configured ones, else the artist's name run together. */
export function shareHashtags(configured: readonly string[] | undefined, artist: string): string[] {
  if (configured?.length) return [...configured];
  const tag = artist.replace(/[^\p{L}\p{N}_]/gu, '');
  return tag ? [tag] : [];
}

export interface SharePost {
  text: string;
  hashtags: readonly string[];
  /** The show's page (its link preview is the show's, written by the server). */
  url: string;
}

/** The service's web share page with the post. */
export function shareUrl(service: WindowService, post: SharePost): string {
  switch (service) {
    case 'x': {
      const params = new URLSearchParams({ text: post.text, url: post.url });
      if (post.hashtags.length) params.set('hashtags', post.hashtags.join(','));
      return `https://x.com/intent/post?${params}`;
    }
    case 'line':
      // LINE's share page takes the link only; the chat preview comes from the page's own tags.
      return `https://social-plugins.line.me/lineit/share?${new URLSearchParams({ url: post.url })}`;
    case 'weibo':
      // Weibo writes a hashtag between two '#'.
      return `https://service.weibo.com/share/share.php?${new URLSearchParams({
        url: post.url,
        title: [post.text, ...post.hashtags.map((h) => `#${h}#`)].join(' '),
      })}`;
  }
}

/** What is copied for a service without a share page: the text, its hashtags and the link. */
export function shareCopyText(post: SharePost): string {
  return [post.text, ...post.hashtags.map((h) => `#${h}`), post.url].join(' ');
}

/** The popup's features, centred over the current window when the browser tells where that is. */
export function shareWindowFeatures(screen: { left: number; top: number; width: number; height: number }) {
  const left = Math.max(0, Math.round(screen.left + (screen.width - SHARE_WINDOW.width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - SHARE_WINDOW.height) / 2));
  return `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},left=${left},top=${top},noopener`;
}
