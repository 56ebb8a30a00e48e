/** A legal page's text in one language; {{email}} stands for the support address of /config.json. */
export type LegalDoc = {
  title: string;
  /** Shown as the page's meta description. */
  summary: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
};

export type LegalTexts = {
  updatedLabel: string;
  contents: string;
  privacy: LegalDoc;
  terms: LegalDoc;
};

/** The day these texts last changed; shown formatted for the reader's locale. */
export const LEGAL_UPDATED = '2026-11-24';
