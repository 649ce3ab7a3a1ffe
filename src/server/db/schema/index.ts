export * from "./rate-limits.ts";
