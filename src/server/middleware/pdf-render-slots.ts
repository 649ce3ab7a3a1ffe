// The PDFs being made at once, per process (Node) or isolate (Workers): the first bound of
// pdf-renders.ts, held by the app (createApp) and named by AppEnv, so a leaf.
export interface PdfRenderSlots {
  /** a release function, or null when every slot is taken */
  tryEnter(): (() => void) | null;
  /** true at most once a minute: refusals for want of a slot are logged that often */
  takeLogTurn(nowMs: number): boolean;
}

/** One per app (createApp): per process on Node, per isolate on Workers. */
export function createPdfRenderSlots(max: number): PdfRenderSlots {
  let active = 0;
  let lastLoggedMs = -Infinity;
  return {
    takeLogTurn(nowMs) {
      if (nowMs - lastLoggedMs < 60_000) return false;
      lastLoggedMs = nowMs;
      return true;
    },
    tryEnter() {
      if (active >= max) return null;
      active += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        active -= 1;
      };
    },
  };
}
