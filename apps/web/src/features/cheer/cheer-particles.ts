/** Cheer particles (viewing section 9, CHR-19): at most 20 at a time, each living up to 0.65 s. */
export const MAX_PARTICLES = 20;
export const PARTICLE_LIFETIME_MS = 650;

export interface Particle {
  id: number;
  /** Index into the configured sprites. */
  sprite: number;
  /** Horizontal drift in px, negative to the left. */
  drift: number;
  bornAt: number;
}

/**
 * Adds one particle for a tap and drops the expired ones; past the cap the oldest make room, so a
 * burst of taps keeps feeling live without piling up work.
 */
export function addParticle(
  list: readonly Particle[],
  { id, now, spriteCount, random }: { id: number; now: number; spriteCount: number; random: () => number },
): Particle[] {
  const alive = list.filter((p) => now - p.bornAt < PARTICLE_LIFETIME_MS);
  const next: Particle = {
    id,
    sprite: spriteCount > 0 ? Math.floor(random() * spriteCount) % spriteCount : 0,
    drift: Math.round((random() - 0.5) * 120),
    bornAt: now,
  };
  return [...alive, next].slice(-MAX_PARTICLES);
}

/** The particles still alive at `now`. */
export const liveParticles = (list: readonly Particle[], now: number): Particle[] =>
  list.filter((p) => now - p.bornAt < PARTICLE_LIFETIME_MS);
