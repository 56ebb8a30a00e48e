import { describe, expect, it } from 'vitest';
import {
  addParticle,
  liveParticles,
  MAX_PARTICLES,
  PARTICLE_LIFETIME_MS,
  type Particle,
} from './cheer-particles.ts';

const tap = (list: Particle[], id: number, now: number) =>
  addParticle(list, { id, now, spriteCount: 3, random: () => 0.5 });

describe('cheer particles', () => {
  it('keeps at most 20, the newest', () => {
    let list: Particle[] = [];
    for (let i = 0; i < 30; i++) list = tap(list, i, 1000 + i);
    expect(list).toHaveLength(MAX_PARTICLES);
    expect(list[0]?.id).toBe(10);
    expect(list.at(-1)?.id).toBe(29);
  });

  it('lets a particle live up to 0.65 s', () => {
    const list = tap([], 1, 1000);
    expect(liveParticles(list, 1000 + PARTICLE_LIFETIME_MS - 1)).toHaveLength(1);
    expect(liveParticles(list, 1000 + PARTICLE_LIFETIME_MS)).toHaveLength(0);
    expect(tap(list, 2, 1000 + PARTICLE_LIFETIME_MS).map((p) => p.id)).toEqual([2]);
  });

  it('picks a configured sprite', () => {
    const [p] = addParticle([], { id: 1, now: 0, spriteCount: 3, random: () => 0.99 });
    expect(p?.sprite).toBe(2);
  });
});
