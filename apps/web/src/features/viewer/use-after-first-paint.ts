import { startTransition, useEffect, useState } from 'react';

/** Past this, the part mounts even without a frame (a tab opened in the background paints none). */
const AT_LATEST_MS = 300;

/**
 * False until the frame with the component's first commit has been painted, then true (a transition,
 * rendered in slices). The viewer mounts its chat column and tabs this way (issue 14): the stage and
 * the player's poster paint first, and the column's mount (the chat join, the alerts, the tabs) is a
 * task of its own after that paint instead of a longer first one.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let done = false;
    let afterFrame = 0;
    const mark = () => {
      if (done) return;
      done = true;
      startTransition(() => setPainted(true));
    };
    // rAF runs before the frame's paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      afterFrame = window.setTimeout(mark, 0);
    });
    const latest = window.setTimeout(mark, AT_LATEST_MS);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      window.clearTimeout(afterFrame);
      window.clearTimeout(latest);
    };
  }, []);
  return painted;
}
