export * from "./diff.ts";
