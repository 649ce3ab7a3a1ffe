// vitest `setupFiles` for every project: a stray console.error / console.warn fails the test that
// printed it, or the first test / the file when printed at import or in a beforeAll / afterAll hook.
// See tests/helpers/console.ts.
import { afterAll, afterEach, beforeEach } from "vitest";
import { assertNoStrayConsoleOutput, installConsoleGuard } from "../helpers/console.ts";

installConsoleGuard();
beforeEach(() => assertNoStrayConsoleOutput("before this test (at import or in a beforeAll hook)"));
afterEach((context) => assertNoStrayConsoleOutput(`during "${context.task.name}"`));
afterAll(() => assertNoStrayConsoleOutput("after the last test (in an afterAll hook)"));
