import { isWebOrSiteUrl, isWebUrl, type Show } from '@encore/contract';

/**
 * A stored show's URL fields through the allow-list (issue 29, url-rules.ts) on the way out: a show
 * saved before the allow-list may hold a `javascript:` merch link or a `//host` image. Such a value
 * is dropped (an item, a caption, a sprite) or emptied, so the answer still parses against the
 * contract (a 500 otherwise) and no fan's page ever gets it.
 */
const media = (v: string) => (v === '' || isWebOrSiteUrl(v) ? v : '');

export function withSafeUrls(show: Show): Show {
  const c = show.event_config;
  const src = c.iframe_src;
  return {
    ...show,
    ticketing: show.ticketing.map((v) => ({
      ...v,
      logo: media(v.logo),
      qr: v.qr === null || media(v.qr) === v.qr ? v.qr : null,
      external_urls: Object.fromEntries(
        Object.entries(v.external_urls).filter(([, url]) => url === undefined || media(url) === url),
      ),
    })),
    caption_files: show.caption_files.filter((f) => media(f.url) === f.url),
    streams: Object.fromEntries(
      Object.entries(show.streams).map(([name, s]) => [
        name,
        { hls: { url: media(s.hls.url) }, ...(s.dash ? { dash: { url: media(s.dash.url) } } : {}) },
      ]),
    ),
    event_config: {
      ...c,
      ...(c.merch
        ? {
            merch: {
              ...c.merch,
              items: c.merch.items
                .filter((i) => isWebUrl(i.url))
                .map((i) => ({ ...i, image: media(i.image) })),
            },
          }
        : {}),
      cheer: {
        sprites: c.cheer.sprites.filter((s) => media(s) === s),
        button_icon: media(c.cheer.button_icon),
        button_icon_active: media(c.cheer.button_icon_active),
        background_image: media(c.cheer.background_image),
      },
      ...(src === undefined
        ? {}
        : { iframe_src: src === '' || isWebOrSiteUrl(src, { httpsOnly: true }) ? src : '' }),
    },
  };
}
