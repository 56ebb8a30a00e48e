export { EventPage } from './event-page.tsx';
