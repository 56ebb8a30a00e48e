import { describe, expect, it } from 'vitest';
import {
  SHARE_WINDOW,
  shareCopyText,
  shareHashtags,
  shareServices,
  shareUrl,
  shareWindowFeatures,
} from './social-share.ts';

const post = {
  text: 'Watching live!',
  hashtags: ['TheEncores', 'Encore'],
  url: 'https://encore.example/event/s1',
};

describe('social share', () => {
  it('opens a 550x450 window (MRC-08) with the text and hashtags', () => {
    expect(SHARE_WINDOW).toEqual({ width: 550, height: 450 });
    expect(shareWindowFeatures({ left: 0, top: 0, width: 1450, height: 1050 })).toBe(
      'width=550,height=450,left=450,top=300,noopener',
    );
    // X's post intent carries the text, the link and the hashtags.
    const url = new URL(shareUrl('x', post));
    expect(url.origin + url.pathname).toBe('https://x.com/intent/post');
    expect(url.searchParams.get('text')).toBe('Watching live!');
    expect(url.searchParams.get('url')).toBe(post.url);
    expect(url.searchParams.get('hashtags')).toBe('TheEncores,Encore');
  });

  it("LINE's share page takes the link, Weibo's the link and a title with #tag# hashtags", () => {
    const line = new URL(shareUrl('line', post));
    expect(line.origin + line.pathname).toBe('https://social-plugins.line.me/lineit/share');
    expect(line.searchParams.get('url')).toBe(post.url);
    const weibo = new URL(shareUrl('weibo', post));
    expect(weibo.origin + weibo.pathname).toBe('https://service.weibo.com/share/share.php');
    expect(weibo.searchParams.get('url')).toBe(post.url);
    expect(weibo.searchParams.get('title')).toBe('Watching live! #TheEncores# #Encore#');
  });

  it('copies the text, hashtags and link for KakaoTalk', () => {
    expect(shareCopyText(post)).toBe('Watching live! #TheEncores #Encore https://encore.example/event/s1');
  });

  it("orders the services by the fan's language (issue 26)", () => {
    expect(shareServices('ko')[0]).toBe('kakao');
    expect(shareServices('ja')[0]).toBe('line');
    expect(shareServices('zh-cn')[0]).toBe('weibo');
    expect(shareServices('en')[0]).toBe('x');
    for (const locale of ['en', 'ko', 'ja', 'zh-cn'] as const)
      expect([...shareServices(locale)].sort()).toEqual(['kakao', 'line', 'weibo', 'x']);
  });

  it("hashtags default to the artist's name run together", () => {
    expect(shareHashtags(undefined, 'The Encores')).toEqual(['TheEncores']);
    expect(shareHashtags([], 'BTS · 방탄')).toEqual(['BTS방탄']);
    expect(shareHashtags(['Tour2026'], 'The Encores')).toEqual(['Tour2026']);
  });
});
