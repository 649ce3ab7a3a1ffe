import { test, expect } from "vitest"; test("sanity", () => expect(1).toBe(1));
