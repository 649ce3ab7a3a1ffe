// The soak (`npm run bench:soak`, issue 28) runs the fake upstreams in another process and switches
// faults on and off over HTTP: ATMO answering 500, VigiEau malformed JSON, Hub'Eau 4 s late.
import { describe, expect, it } from "vitest";
import { useFakeUpstreams } from "../../helpers/fake-upstreams.ts";

const upstreams = useFakeUpstreams({ now: new Date("2026-11-22T15:00:00Z") });

const post = (path: string) => fetch(`${upstreams.baseUrl}${path}`, { method: "POST" });
const atmo = () => fetch(`${upstreams.baseUrl}/atmo/ows?service=WFS`);

describe("the fake upstreams' fault switches over HTTP", () => {
  it("a source's mode is switched over HTTP (500, malformed) and back to ok, without touching the others", async () => {
    expect((await post("/_test/mode?source=atmo&mode=error500")).status).toBe(200);
    expect((await atmo()).status).toBe(500);
    expect((await post("/_test/mode?source=vigieau&mode=malformed")).status).toBe(200);
    expect(await (await fetch(`${upstreams.baseUrl}/vigieau/zones?commune=80021`)).text()).toBe('{"data": [');
    expect((await post("/_test/mode?source=atmo&mode=ok")).status).toBe(200);
    expect((await atmo()).status).toBe(200);
  });

  it("refuses an unknown source or mode (400) and changes nothing", async () => {
    expect((await post("/_test/mode?source=atmo&mode=on-fire")).status).toBe(400);
    expect((await post("/_test/mode?source=nowhere&mode=error500")).status).toBe(400);
    expect((await atmo()).status).toBe(200);
  });

  it("a source's delay is switched over HTTP and reset", async () => {
    // A delay far above what an answer takes (2 ms on a quiet machine, docs/tests.md « Under load »):
    // a machine's load may slow an answer, never make a delayed one early.
    expect((await post("/_test/delay?source=atmo&ms=1000")).status).toBe(200);
    let started = performance.now();
    await (await atmo()).arrayBuffer();
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect((await post("/_test/delay?source=atmo&ms=reset")).status).toBe(200);
    started = performance.now();
    await (await atmo()).arrayBuffer();
    expect(performance.now() - started).toBeLessThan(500);
  });
});
