// `npm start` and `npm run build` first check the Node that runs them (scripts/require-node.mjs,
// plain JavaScript so an old Node can read it): package.json's `engines` is the rule, and an older
// Node stops with a message that says which Node is needed and how to get it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../../../scripts/require-node.mjs";

const packageJson = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe("the Node the project needs", () => {
  it("an older Node stops with a clear French message naming the Node it needs and how to get it", () => {
    const message = nodeVersionProblem("20.20.2", ">=24.0.0");
    expect(message).toContain("Zone Santé a besoin de Node 24.0.0 ou plus récent ; celui-ci est le 20.20.2.");
    expect(message).toContain(".node-version");
    expect(nodeVersionProblem("v23.11.0", ">=24.0.0")).not.toBeNull();
    expect(nodeVersionProblem("24.0.0", ">=24.0.1")).not.toBeNull();
  });

  it("the same or a newer Node goes on", () => {
    for (const version of ["24.0.0", "24.21.0", "v25.1.0", "30.0.0"]) expect(nodeVersionProblem(version, ">=24.0.0")).toBeNull();
  });

  it("engines, .node-version and the node devDependency agree, and npm start and npm run build check first", () => {
    const exact = readFileSync(new URL("../../../.node-version", import.meta.url), "utf8").trim();
    expect(exact).toBe(packageJson.devDependencies.node);
    expect(nodeVersionProblem(exact, packageJson.engines.node)).toBeNull();
    expect(packageJson.scripts.start).toMatch(/^node scripts\/require-node\.mjs && /);
    expect(packageJson.scripts.build).toMatch(/^node scripts\/require-node\.mjs && /);
  });
});
