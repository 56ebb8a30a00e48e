import { LOCALES, type Locale } from '@encore/contract';
import { useParams } from 'react-router';
import { useConfig } from '../../lib/config/config-context.tsx';
import { htmlLang, isLocale } from '../../lib/i18n/locale.ts';
import { usePageMeta } from '../../lib/page/use-page-meta.ts';
import { useUiStore } from '../../lib/store/ui-store.ts';
import { legalEn } from './legal-en.ts';
import { legalJa } from './legal-ja.ts';
import { legalKo } from './legal-ko.ts';
import { LEGAL_UPDATED, type LegalTexts } from './legal-types.ts';
import { legalZhCn } from './legal-zh-cn.ts';
import './legal.css';

const TEXTS: Record<Locale, LegalTexts> = { en: legalEn, ja: legalJa, ko: legalKo, 'zh-cn': legalZhCn };

export type LegalKind = 'privacy' | 'terms';

/**
 * The Privacy Policy and the Terms of Service (issue 14: the footer and the cookie notice led to the
 * landing page). /privacy/<locale> is the link of accounts section 2; without a locale the fan's own.
 * Returns null for a locale Encore does not have, so the route shows its not-found page.
 */
export function useLegalLocale(): Locale | null {
  const { locale: param } = useParams();
  const ui = useUiStore((s) => s.locale);
  if (param === undefined) return ui;
  return isLocale(param) ? param : null;
}

export function LegalPage({ kind, locale }: { kind: LegalKind; locale: Locale }) {
  const config = useConfig();
  const texts = TEXTS[locale];
  const doc = texts[kind];
  const email = config.support_email || 'support';
  const fill = (s: string) => s.replaceAll('{{email}}', email);
  usePageMeta(`${doc.title} | Encore`, doc.summary);
  const updated = new Intl.DateTimeFormat(htmlLang(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${LEGAL_UPDATED}T00:00:00Z`),
  );
  const id = (i: number) => `${kind}-section-${i + 1}`;

  return (
    <article className="legal container" lang={htmlLang(locale)} data-testid={`legal-${kind}`}>
      <header className="legal__head">
        <h1 className="legal__title">{doc.title}</h1>
        <p className="legal__updated">
          {texts.updatedLabel}: <time dateTime={LEGAL_UPDATED}>{updated}</time>
        </p>
        <p className="legal__intro">{fill(doc.intro)}</p>
      </header>
      <nav className="legal__toc" aria-label={texts.contents}>
        <h2 className="legal__toc-title">{texts.contents}</h2>
        <ol>
          {doc.sections.map((s, i) => (
            <li key={s.heading}>
              <a href={`#${id(i)}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((s, i) => (
        <section key={s.heading} className="legal__section" aria-labelledby={id(i)}>
          <h2 id={id(i)}>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p.slice(0, 40)}>{fill(p)}</p>
          ))}
        </section>
      ))}
      <p className="legal__languages">
        {LOCALES.filter((l) => l !== locale).map((l) => (
          <a key={l} href={`/${kind}/${l}`} lang={htmlLang(l)} hrefLang={htmlLang(l)}>
            {TEXTS[l][kind].title}
          </a>
        ))}
      </p>
    </article>
  );
}
