export * from "./diff.ts";
export * from "./texts.ts";
