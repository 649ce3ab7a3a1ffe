// The fake upstreams for a test file (or a describe block), cleared before each test.
import { beforeEach } from "vitest";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { useForTests } from "./lifecycle.ts";

export function useFakeUpstreams(options: Parameters<typeof startFakeUpstreams>[0] = {}): FakeUpstreams {
  const upstreams = useForTests(
    () => startFakeUpstreams(options),
    (started) => started.close(),
  );
  beforeEach(() => upstreams.reset());
  return upstreams;
}
