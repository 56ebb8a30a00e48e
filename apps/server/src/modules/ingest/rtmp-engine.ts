import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { redactStreamKeys } from './stream-keys.ts';

/** Where Debian's libnginx-mod-rtmp puts the module (scripts/ensure-system-packages.sh installs it). */
export const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

export type RtmpEngineOptions = {
  /** Port encoders push to (RTMP_PORT, 1935 by default). */
  port: number;
  /** Loopback base of Encore's internal callback routes, with their secret path segment. */
  callbackBase: string;
  /** Work directory of the engine (its config, pid and temp files). */
  dir: string;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** How often the engine asks Encore whether a publish may go on (a rotated key is dropped then). */
  updateSeconds?: number;
};

export type RtmpEngine = {
  /** Where the packager plays a publish that Encore renamed to `internalName`. */
  playUrl(internalName: string): string;
  stop(): Promise<void>;
};

/**
 * The nginx configuration: one `live` application; every publish is authorized by Encore
 * (`on_publish`, which answers a redirect to an internal name, so the key never reaches a URL or a
 * log past the callback), re-checked every `notify_update_timeout` (`on_update`: a rotated key's
 * publish is dropped within that time), and reported when it ends. Playing is for the packagers on
 * the loopback only. The access log is off and the error log at `warn`: nginx-rtmp's info lines name
 * streams, and the engine's output is redacted by Encore anyway.
 */
export function nginxConfig(opts: RtmpEngineOptions): string {
  const update = opts.updateSeconds ?? 1;
  return `load_module ${RTMP_MODULE};
daemon off;
master_process on;
worker_processes 1;
pid ${path.join(opts.dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
rtmp {
  access_log off;
  server {
    listen ${opts.port};
    chunk_size 4096;
    notify_method post;
    application live {
      live on;
      record off;
      allow play 127.0.0.1;
      deny play all;
      drop_idle_publisher 10s;
      notify_update_timeout ${update}s;
      on_publish ${opts.callbackBase}/publish;
      on_update ${opts.callbackBase}/update;
      on_publish_done ${opts.callbackBase}/publish-done;
    }
  }
}
`;
}

/**
 * Runs nginx with its RTMP module as a child of Encore and restarts it if it dies (after 1 s, then
 * doubling to 30 s). Its output goes to Encore's log with any stream key redacted.
 */
export async function startRtmpEngine(opts: RtmpEngineOptions): Promise<RtmpEngine> {
  if (!existsSync(RTMP_MODULE)) {
    throw new Error(
      `The RTMP module is missing (${RTMP_MODULE}): run scripts/ensure-system-packages.sh nginx:nginx ${RTMP_MODULE}:libnginx-mod-rtmp`,
    );
  }
  await mkdir(path.join(opts.dir, 'logs'), { recursive: true });
  const conf = path.join(opts.dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(opts));

  let child: ChildProcess | null = null;
  let stopping = false;
  let backoff = 1000;
  let restartTimer: NodeJS.Timeout | null = null;

  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) opts.log.warn({ engine: 'nginx-rtmp' }, redactStreamKeys(line.trim()));
    }
  };

  function launch(): void {
    const startedAt = Date.now();
    const proc = spawn('nginx', ['-p', opts.dir, '-c', conf, '-e', 'stderr'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout?.on('data', forward);
    proc.stderr?.on('data', forward);
    proc.on('error', (err) => opts.log.error({ err }, 'the RTMP engine did not start'));
    proc.on('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      if (Date.now() - startedAt > 60_000) backoff = 1000;
      opts.log.error({ code, signal, retryMs: backoff }, 'the RTMP engine stopped: restarting it');
      restartTimer = setTimeout(launch, backoff);
      backoff = Math.min(backoff * 2, 30_000);
    });
  }
  launch();
  opts.log.info({ port: opts.port }, 'RTMP ingest listening');

  return {
    playUrl: (internalName) => `rtmp://127.0.0.1:${opts.port}/live/${internalName}`,
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const proc = child;
      if (!proc) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => proc.kill('SIGKILL'), 3000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        // SIGTERM: nginx's fast stop, which closes every encoder connection at once.
        proc.kill('SIGTERM');
      });
    },
  };
}
