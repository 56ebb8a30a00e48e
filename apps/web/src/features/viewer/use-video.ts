import type { VideoResponse } from '@encore/contract';
import { useEffect, useState } from 'react';
import { getVideo } from '../player/index.ts';

export type VideoState = { kind: 'loading' } | { kind: 'ready'; video: VideoResponse } | { kind: 'failed' };

/** GET /thor/video/{id}/ for the show being watched; a failure shows 'video load failed' (PLY-49). */
export function useVideo(channelId: number): VideoState {
  const [state, setState] = useState<VideoState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getVideo(channelId, controller.signal).then(
      (video) => setState({ kind: 'ready', video }),
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [channelId]);
  return state;
}
