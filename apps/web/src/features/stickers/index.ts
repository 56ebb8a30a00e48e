// The stickers tab and pinned stickers of the chat panel (issue 5); the chat column mounts them.
export { PinnedStickers } from './pinned-stickers.tsx';
export { StickerTab, type StickerTabProps } from './sticker-tab.tsx';
