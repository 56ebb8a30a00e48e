/**
 * Roles that see the host area (the top nav's Host entry). A module of its own: the entry chunk
 * imports it, and a module shared with the host area's chunk would carry all of its exports there.
 * The moderator role comes with the moderation module.
 */
const STAFF_ROLES: ReadonlySet<string> = new Set(['host', 'moderator']);

export const isStaffRole = (role: string | null | undefined): boolean => !!role && STAFF_ROLES.has(role);
