import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The page's title and meta description (issue 14: one "Encore" title everywhere, no description).
 * Crawlers that run no script get the server's index.html, which carries the same for a show page.
 */
export function usePageMeta(title: string | null | undefined, description?: string | null): void {
  // A language change resets the title to the app's (i18n.ts): set the page's again after it.
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger, not an input.
  useEffect(() => {
    if (title) document.title = title;
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description, i18n.language]);
}
