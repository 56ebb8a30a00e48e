/**
 * The API contract shared by server and web. Modules that build Zod schemas are imported by the web
 * for their types only; runtime rules the browser needs (validation, constants, result codes, copy,
 * reset-token and session helpers) live in Zod-free modules, so that with "sideEffects": false the
 * bundler leaves Zod out of the client.
 */

export * from './alerts.ts';
export * from './analytics.ts';
export * from './analytics-rules.ts';
export * from './auth.ts';
export * from './card-rules.ts';
export * from './catalog.ts';
export * from './channels.ts';
export * from './chat.ts';
export * from './chat-replay.ts';
export * from './chat-rules.ts';
export * from './cheer.ts';
export * from './cheer-rules.ts';
export * from './client-config.ts';
export * from './commerce.ts';
export * from './constants.ts';
export * from './control-room.ts';
export * from './control-room-rules.ts';
export * from './cue-timeline.ts';
export * from './cue-timeline-rules.ts';
export * from './errors.ts';
export * from './event-entry.ts';
export * from './feed-health-rules.ts';
export * from './ingest.ts';
export * from './lightstick-rules.ts';
export * from './live-captions.ts';
export * from './messages.ts';
export * from './moderation.ts';
export * from './moderation-rules.ts';
export * from './partner.ts';
export * from './partner-rules.ts';
export * from './phone.ts';
export * from './phone-rules.ts';
export * from './realtime.ts';
export * from './replay.ts';
export * from './reset-token.ts';
export * from './result-codes.ts';
export * from './safe-input.ts';
export * from './schedule.ts';
export * from './session.ts';
export * from './shows.ts';
export * from './staff-role.ts';
export * from './text-normalise.ts';
export * from './ticket-rules.ts';
export * from './tickets.ts';
export * from './url-rules.ts';
export * from './users.ts';
export * from './validation.ts';
export * from './video.ts';
export * from './video-rules.ts';
export * from './waiting-room.ts';
