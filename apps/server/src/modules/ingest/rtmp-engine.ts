import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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

/** util-linux's setpriv (on every Debian): it sets the parent-death signal, then execs nginx. */
const SETPRIV = '/usr/bin/setpriv';

/**
 * The engine's command. nginx is tied to Encore's life with a parent-death signal: if Encore is
 * killed (kill -9, the OOM killer), the kernel sends nginx SIGTERM, its fast stop, so no orphaned
 * engine keeps RTMP_PORT and refuses the next Encore's engine (it did, before this).
 */
export function engineCommand(dir: string, conf: string): [string, string[]] {
  const nginx = ['-p', dir, '-c', conf, '-e', 'stderr'];
  return existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'SIGTERM', 'nginx', ...nginx]] : ['nginx', nginx];
}

/** Whether `pid` runs: a zombie (exited, not yet reaped by its new parent) holds no port. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * Stops an engine an earlier Encore left running in this work directory (one started without
 * setpriv, or whose death signal could not be delivered): its pid file names it, and its command line
 * must name this directory, so a recycled pid of another program is never touched. The data
 * directory's lock (issue 12) makes this Encore the directory's only owner, so such an engine is stale.
 */
export async function stopStaleEngine(dir: string): Promise<number | null> {
  const pid = Number((await readFile(path.join(dir, 'nginx.pid'), 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 1) return null;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('nginx') || !cmdline.includes(dir)) return null;
  // Its workers hold the listening socket too: a master killed outright would leave them on the port.
  const workers = childrenOf(pid);
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; alive(pid) && waited < 3000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const p of [pid, ...workers]) if (alive(p)) process.kill(p, 'SIGKILL');
  return pid;
}

/** The pids whose parent is `pid` (from /proc). */
export function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
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
  const stale = await stopStaleEngine(opts.dir);
  if (stale !== null) opts.log.warn({ pid: stale }, 'stopped an RTMP engine an earlier Encore left running');
  const [command, args] = engineCommand(opts.dir, conf);

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
    const proc = spawn(command, args, {
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
