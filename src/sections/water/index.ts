export * from "./evaluate.ts";
export * from "./measurements.ts";
export * from "./parameters.ts";
export * from "./notes.ts";
export * from "./conclusion.ts";
export * from "./digest.ts";
export * from "./history.ts";
export { waterWindowStart } from "./window.ts";
