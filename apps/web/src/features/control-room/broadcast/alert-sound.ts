/**
 * The alert's sound, made with Web Audio (no asset to load): two short tones, falling for a problem,
 * rising for a recovery. Browsers only let a page sound after a click, so the context is made by the
 * host's "Turn on alerts" press and kept for the page's life.
 */
let context: AudioContext | null = null;

/** Call from a click: makes (or wakes) the audio context. False where Web Audio is missing. */
export async function unlockSound(): Promise<boolean> {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return false;
  context ??= new AudioContext();
  if (context.state === 'suspended') await context.resume().catch(() => {});
  return context.state === 'running';
}

/** Plays the alert; returns whether it could (the context is running). */
export function beep(kind: 'problem' | 'back'): boolean {
  const ctx = context;
  if (ctx?.state !== 'running') return false;
  const tones = kind === 'problem' ? [880, 587] : [587, 880];
  tones.forEach((hz, i) => {
    const at = ctx.currentTime + i * 0.18;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.17);
  });
  return true;
}
