export * from "./diff.ts";
export * from "./texts.ts";
export * from "./reads.ts";
