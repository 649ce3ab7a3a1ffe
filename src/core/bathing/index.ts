export * from "./evaluate.ts";
export * from "./nearest.ts";
export * from "./types.ts";
