// Public surface of the host-alert overlays (issue 5): the overlay text box, slates and end-slate
// drawn over the video. The viewer page mounts ShowOverlays inside #primaryViewer; the chat column
// reads the same alert state (chat off, light-stick cues).
export { useAlertStore, useShowAlerts } from './alert-store.ts';
export { LightstickStatus } from './lightstick-status.tsx';
export { ShowOverlays, type ShowOverlaysProps } from './show-overlays.tsx';
