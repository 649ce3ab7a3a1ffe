// An error or warning printed during a test is a failure nobody asserted on: the guard (installed
// for every test file by tests/setup/console-guard.ts) fails the test that printed it. A test that
// means to provoke one says so with `expectConsoleError`.
import { format } from "node:util";

type Level = "error" | "warn";

const state = {
  unexpected: [] as string[],
  /** set while `expectConsoleError` runs: what was printed, kept off the terminal */
  captured: undefined as string[] | undefined,
};

export function installConsoleGuard(): void {
  for (const level of ["error", "warn"] as const satisfies Level[]) {
    const print = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      const line = `console.${level}: ${format(...args)}`;
      if (state.captured) return void state.captured.push(line);
      state.unexpected.push(line);
      print(...args);
    };
  }
}

/** Throws if something was printed since the last call (the guard's afterEach / afterAll). */
export function assertNoStrayConsoleOutput(where: string): void {
  const lines = state.unexpected.splice(0);
  if (lines.length === 0) return;
  throw new Error(`Unexpected console output ${where} (wrap the code in expectConsoleError if it is meant to log):\n${lines.join("\n")}`);
}

/**
 * Runs `run`, which must print at least one console.error or console.warn; returns the lines
 * (`console.error: …`) so the test can assert on them. Nothing is printed.
 */
export async function expectConsoleError<T>(run: () => T | Promise<T>): Promise<{ result: T; lines: string[] }> {
  const outer = state.captured;
  const lines: string[] = [];
  state.captured = lines;
  try {
    const result = await run();
    if (lines.length === 0) throw new Error("expectConsoleError: the code printed no console.error or console.warn");
    return { result, lines };
  } finally {
    state.captured = outer;
    outer?.push(...lines);
  }
}
