// Public surface of the viewer page (issue 4): the event page renders it once the fan is in.
export { ViewerPage, type ViewerPageProps } from './viewer-page.tsx';
