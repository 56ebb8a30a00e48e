/** The chat list keeps the newest 200 messages (viewing section 9, CHAT-47). */
export const CHAT_LIST_MAX = 200;
/** How close to the bottom (px) still counts as reading the latest messages. */
export const STICK_TO_BOTTOM_PX = 48;
