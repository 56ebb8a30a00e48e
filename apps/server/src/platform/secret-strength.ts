/**
 * A rough strength estimate of a configured secret (ASVS 6.4, docs/decisions.md "Credentials and
 * sessions"): Shannon entropy of its characters times its length, with repetitions and runs counted as
 * weak. It catches placeholders ("changeme" repeated), one-letter and sequential strings and short
 * alphabets; it cannot know a phrase is guessable, so the README asks for random bytes
 * (`openssl rand -base64 48`).
 */
export const MIN_SECRET_BITS = 100;

export function estimatedSecretBits(secret: string): number {
  const chars = [...secret];
  const n = chars.length;
  if (n === 0) return 0;
  // A string that is one shorter unit repeated is as strong as that unit.
  for (let unit = 1; unit <= n / 2; unit += 1) {
    if (
      n % unit === 0 &&
      chars
        .slice(0, unit)
        .join('')
        .repeat(n / unit) === secret
    ) {
      return estimatedSecretBits(chars.slice(0, unit).join(''));
    }
  }
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const k of counts.values()) perChar -= (k / n) * Math.log2(k / n);
  // Runs (abcd, 1234, 9876, aaaa) add next to nothing: count only the steps that are not one.
  let steps = 0;
  for (let i = 1; i < n; i += 1) {
    const d = (chars[i]?.codePointAt(0) ?? 0) - (chars[i - 1]?.codePointAt(0) ?? 0);
    if (Math.abs(d) > 1) steps += 1;
  }
  return perChar * (1 + steps);
}

export const isStrongSecret = (secret: string) => estimatedSecretBits(secret) >= MIN_SECRET_BITS;
