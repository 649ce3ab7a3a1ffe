// What one consumer invocation of the queued alert run shares between its messages (queue.ts).
import type { BathingReads } from "./process.ts";
import { createRunGates, type RunGates } from "./rate-gate.ts";

/**
 * What one consumer invocation shares between its messages: the upstream rate gates (one
 * invocation must not exceed VigiEau's pace) and the bathing pages already read.
 */
export interface HandlerContext {
  gates: RunGates;
  bathingReads: BathingReads;
}

export function createHandlerContext(config: Parameters<typeof createRunGates>[0]): HandlerContext {
  return {
    gates: createRunGates(config),
    bathingReads: new Map(),
  };
}
