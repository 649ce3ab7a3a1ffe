// The paces the alert run keeps with each upstream: the ingest's bulk reads and the batches' reads
// per commune pass the same kind of gate, one per upstream.
import type { Config } from "../config.ts";

/** Spaces the calls to one upstream (VigiEau allows about 300 requests per 15 minutes). */
export function createRateGate(perSecond: number): () => Promise<void> {
  const intervalMs = perSecond > 0 ? 1000 / perSecond : 0;
  let nextAtMs = 0;
  return async () => {
    if (intervalMs === 0) return;
    const nowMs = performance.now();
    const waitMs = Math.max(0, nextAtMs - nowMs);
    nextAtMs = Math.max(nowMs, nextAtMs) + intervalMs;
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  };
}

export interface RunGates {
  hubeau: () => Promise<void>;
  vigieau: () => Promise<void>;
  atmo: () => Promise<void>;
  baignades: () => Promise<void>;
}

/** One gate per upstream the batches read, at the configured paces. */
export function createRunGates(
  config: Pick<Config, "ALERT_HUBEAU_PER_SECOND" | "ALERT_VIGIEAU_PER_SECOND" | "ALERT_ATMO_PER_SECOND" | "ALERT_BAIGNADES_PER_SECOND">,
): RunGates {
  return {
    hubeau: createRateGate(config.ALERT_HUBEAU_PER_SECOND),
    vigieau: createRateGate(config.ALERT_VIGIEAU_PER_SECOND),
    atmo: createRateGate(config.ALERT_ATMO_PER_SECOND),
    baignades: createRateGate(config.ALERT_BAIGNADES_PER_SECOND),
  };
}
