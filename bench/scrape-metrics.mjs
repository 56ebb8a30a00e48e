// Reads the few series the socket benches follow from a node's /metrics (METRICS_TOKEN). The
// event-loop delay covers the last 15 s whoever scrapes (apps/server/src/platform/loop-delay.ts).

/** Scrapes `base`/metrics; a busy server may drop an idle keep-alive connection, so it asks again. */
export async function scrapeMetrics(base, token) {
  let text = '';
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${token}`, connection: 'close' },
        signal: AbortSignal.timeout(30_000),
      });
      text = await res.text();
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const value = (series) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
  };
  return {
    rss: value('process_resident_memory_bytes'),
    heap: value('nodejs_heap_size_used_bytes'),
    sockets: value('encore_realtime_sockets'),
    loopP99: value('encore_event_loop_delay_p99_seconds'),
    loopMax: value('encore_event_loop_delay_max_seconds'),
  };
}
