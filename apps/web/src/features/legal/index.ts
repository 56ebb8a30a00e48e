export { type LegalKind, LegalPage, useLegalLocale } from './legal-page.tsx';
