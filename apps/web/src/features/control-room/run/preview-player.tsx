import { type Channel, DRM_TOKEN_HEADER, type DrmTokenResponse, isKeyUrl } from '@encore/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { hlsWorkerPath } from '../../player/hls-engine.ts';

/** Every view of the show, in the player's order: angles, mosaics, the fan wall, 4K. */
const VIEW_KEYS = {
  streampips4: 'host-stream-streampips4',
  streampips6: 'host-stream-streampips6',
  'fanwall-stream': 'host-stream-fanwall-stream',
  stream4k: 'host-stream-stream4k',
} as const;

function views(show: Channel): { stream: string; label: string | null }[] {
  const labels = new Map(show.pips.sinks.map((s) => [`mix-stream${s.id}`, s.label]));
  return Object.keys(show.streams)
    .sort((a, b) => rank(a) - rank(b))
    .map((stream) => ({ stream, label: labels.get(stream) ?? null }));
}
function rank(name: string): number {
  const angle = /^mix-stream(\d+)$/.exec(name);
  if (angle) return Number(angle[1]);
  return name.startsWith('streampips')
    ? 1000 + Number(name.slice(10))
    : name === 'fanwall-stream'
      ? 2000
      : 3000;
}

/**
 * The host's preview of every view, with no ticket: the server gives hosts a preview DRM token
 * (video.service.ts) that holds no device place. Muted; the views switch in place.
 */
export function PreviewPlayer({ show }: { show: Channel }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const list = views(show);
  const [stream, setStream] = useState(show.base_video);
  const [problem, setProblem] = useState(false);

  useEffect(() => {
    const el = video.current;
    const src = show.streams[stream]?.hls.url;
    if (!el || !src) return;
    let token = '';
    let destroyed = false;
    let hls: { destroy(): void } | null = null;
    const sessionId = crypto.randomUUID();
    const fetchToken = async () => {
      const q = new URLSearchParams({
        video: String(show.channel_id),
        stream,
        paid_event: String(show.paid_event_id),
        stream_type: 'hls',
        session_id: sessionId,
      });
      const res = await apiRequest<DrmTokenResponse>(`/thor/video/drm/?${q}`, {
        handleAuthFailure: 'unauthorized-only',
      });
      token = res.data.token;
      return res.data;
    };
    let timer = 0;
    const start = async () => {
      try {
        const first = await fetchToken();
        timer = window.setInterval(() => void fetchToken().catch(() => {}), (first.expires_in * 1000) / 2);
        const Hls = (await import('hls.js')).default;
        if (destroyed) return;
        if (Hls.isSupported()) {
          const h = new Hls({
            workerPath: hlsWorkerPath,
            // The demo's keys and live ingest's keys (/media/live/<slug>/keys/...) alike.
            xhrSetup: (xhr, url) => {
              if (isKeyUrl(url)) xhr.setRequestHeader(DRM_TOKEN_HEADER, token);
            },
          });
          h.loadSource(src);
          h.attachMedia(el);
          hls = h;
        } else {
          el.src = src;
        }
        el.muted = true;
        await el.play().catch(() => {});
        setProblem(false);
      } catch {
        if (!destroyed) setProblem(true);
      }
    };
    void start();
    return () => {
      destroyed = true;
      window.clearInterval(timer);
      hls?.destroy();
    };
  }, [show, stream]);

  return (
    <section className="host-panel preview" aria-labelledby="host-preview-title" data-testid="host-preview">
      <header className="host-panel__head">
        <h2 id="host-preview-title">{t('host-preview-title')}</h2>
        <span className="host-muted">{t('host-preview-hint')}</span>
      </header>
      <div className="preview__frame">
        <video
          ref={video}
          className="preview__video"
          muted
          playsInline
          data-testid="host-preview-video"
          data-stream-url={show.streams[stream]?.hls.url}
        />
        {problem && <p className="preview__problem">{t('host-preview-error')}</p>}
      </div>
      <fieldset className="preview__views">
        <legend className="visually-hidden">{t('host-preview-views')}</legend>
        {list.map((v) => (
          <button
            key={v.stream}
            type="button"
            className={`preview__view${v.stream === stream ? ' preview__view--on' : ''}`}
            aria-pressed={v.stream === stream}
            onClick={() => setStream(v.stream)}
          >
            {v.label ?? (v.stream in VIEW_KEYS ? t(VIEW_KEYS[v.stream as keyof typeof VIEW_KEYS]) : v.stream)}
          </button>
        ))}
      </fieldset>
    </section>
  );
}
