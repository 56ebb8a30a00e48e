// Public surface of the chat feature (issue 5). The viewer page mounts ChatColumn in its chat
// column; until the chat issue lands it is the placeholder panel the watching issue asks for.
export { ChatColumn, type ChatColumnProps } from './chat-column.tsx';
export { ChatReplayColumn } from './replay/chat-replay-column.tsx';
