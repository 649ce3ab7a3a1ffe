import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * vitest's own order (project by project in name order: integration, smoke, unit; within one, the
 * longest last time or else the largest file first), with the smoke project moved to the front.
 * Its files mostly wait (wrangler dev starting workerd, the local queues' batch timeouts: the
 * Worker journey waits a minute for its dead-letter deliveries), so they start first, beside the
 * CPU-bound files, instead of being the run's tail (decision 097).
 */
export class SmokeFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = (file: TestSpecification) => file.project.name === "smoke";
    return [...sorted.filter(waiting), ...sorted.filter((file) => !waiting(file))];
  }
}
