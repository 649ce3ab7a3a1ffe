export * from "./select.ts";
export * from "./texts.ts";
