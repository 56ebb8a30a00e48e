export { AuditLogPanel } from './audit-log-panel.tsx';
export { ModerationPanel } from './moderation-panel.tsx';
