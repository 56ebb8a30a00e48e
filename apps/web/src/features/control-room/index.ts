// The host's control room (/control/:slug): chat off/on, overlay text, slates and light-stick cues.
export { ControlRoomPage } from './control-room-page.tsx';
