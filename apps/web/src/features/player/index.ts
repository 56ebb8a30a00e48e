// Public surface of the player: the viewer page mounts Player inside #primaryViewer.

export { getVideo } from './api/get-video.ts';
export { CAPTION_OFF, captionList } from './captions.ts';
export { Player, type PlayerProps } from './components/player.tsx';
export { dashKeySystems, streamTypeFor } from './drm-rules.ts';
export { useDrmSystem } from './hooks/use-drm-system.ts';
export { type DrmAccess, useDrmToken } from './hooks/use-drm-token.ts';
export { FULLSCREEN_TARGET_ID } from './hooks/use-fullscreen.ts';
export type { PlayerSource } from './hooks/use-player.ts';
export { MULTIVIEW } from './player-constants.ts';
export { usePlayerPrefs } from './player-prefs.ts';
export type { PlaybackMoment } from './player-session.ts';
