// The host area (/host/*): the list of shows, setup, codes, run and moderate screens (issue 13).
export { HostArea, LegacyControlRedirect } from './host-area.tsx';
