export * from "./diff.ts";
export * from "./texts.ts";
export * from "./topic.ts";
export * from "./reads.ts";
export * from "./available.ts";
export * from "./advice.ts";
