export * from "./evaluate.ts";
export * from "./nearest.ts";
export * from "./season.ts";
export * from "./types.ts";
