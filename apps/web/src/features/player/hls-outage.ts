import type { LoaderConfig, LoaderResponse, LoadPolicy, RetryConfig } from 'hls.js';

/**
 * A fan's network that goes away for a while (a train's tunnel, a venue's Wi-Fi) mid-show. hls.js
 * waits for it only when the browser says it is offline (navigator.onLine); a link that is up but
 * carries nothing fails every request with status 0 or a timeout, and hls.js gives up after two
 * playlist retries: the fan saw "the video failed to load" after a few seconds without network
 * (issue 24). Once the picture has played, such failures are retried for about a minute, every 2 s at
 * most so the picture resumes soon after the network does; an HTTP error (a 404, a refused key) keeps
 * hls.js's own budget, and before the first frame so does everything (a source that never loads says
 * so in seconds, PLY-49).
 */
export const OUTAGE = {
  retries: 30,
  maxDelayMs: 2_000,
} as const;

type Retry = NonNullable<RetryConfig['shouldRetry']>;

function outageRetry(base: RetryConfig, playing: () => boolean): RetryConfig {
  const shouldRetry: Retry = (_config, count, isTimeout, response: LoaderResponse | undefined, retry) => {
    const outage = isTimeout || response?.code === 0;
    if (outage && playing()) return count < OUTAGE.retries;
    return retry && count < base.maxNumRetry;
  };
  return {
    ...base,
    maxNumRetry: Math.max(base.maxNumRetry, OUTAGE.retries),
    maxRetryDelayMs: Math.min(base.maxRetryDelayMs, OUTAGE.maxDelayMs),
    shouldRetry,
  };
}

/** hls.js's default load policy with the outage retries above. */
export function outagePolicy(base: LoaderConfig, playing: () => boolean): LoadPolicy {
  return {
    default: {
      ...base,
      timeoutRetry: base.timeoutRetry && outageRetry(base.timeoutRetry, playing),
      errorRetry: base.errorRetry && outageRetry(base.errorRetry, playing),
    },
  };
}
