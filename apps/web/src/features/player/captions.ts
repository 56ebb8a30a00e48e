/** A caption entry of viewing section 3 (CAPQ-02): default, mode, id, language, label. */
export interface Caption {
  default: boolean;
  mode: 'showing' | 'hidden' | 'disabled';
  /** The hls.js subtitle track id; -1 for the synthetic Off entry. */
  id: number;
  language: string;
  label: string;
}

/** The language of the synthetic 'Off' entry. */
export const CAPTION_OFF = 'none';

export interface TrackInfo {
  id: number;
  lang?: string | undefined;
  name: string;
  default?: boolean | undefined;
}

/**
 * The caption menu: one entry per subtitle track plus 'Off' (language none). Empty when the stream has
 * no captions, so that the selector hides (CAPQ-03). `selected` is the language shown, or none.
 */
export function captionList(tracks: readonly TrackInfo[], selected: string, offLabel: string): Caption[] {
  if (tracks.length === 0) return [];
  const entries: Caption[] = tracks.map((t) => ({
    default: t.default === true,
    mode: t.lang === selected ? 'showing' : 'disabled',
    id: t.id,
    language: t.lang ?? t.name,
    label: t.name,
  }));
  const off: Caption = {
    default: false,
    mode: selected === CAPTION_OFF || !entries.some((e) => e.language === selected) ? 'showing' : 'disabled',
    id: -1,
    language: CAPTION_OFF,
    label: offLabel,
  };
  return [off, ...entries];
}

/**
 * The hls.js subtitle track to show for a chosen language (CAPQ-04): that language's track only, or
 * -1 (hide all) for none or a language this stream lacks.
 */
export function trackForLanguage(tracks: readonly TrackInfo[], language: string): number {
  if (language === CAPTION_OFF) return -1;
  return tracks.find((t) => t.lang === language)?.id ?? -1;
}
