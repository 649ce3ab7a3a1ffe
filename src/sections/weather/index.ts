export * from "./evaluate.ts";
