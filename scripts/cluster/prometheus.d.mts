// Types of prometheus.mjs for the TypeScript that imports it (apps/server's Prometheus test).
export function clusterPrometheusConfig(opts: {
  targets: string[];
  tokenFile: string;
  intervalSeconds?: number;
}): string;
export function startPrometheus(opts: {
  port: number;
  targets: string[];
  token: string;
  log?: 'inherit' | 'ignore';
}): Promise<{ url: string; stop: () => Promise<void> }>;
