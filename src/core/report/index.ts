export * from "./assemble.ts";
export * from "./present.ts";
export * from "./stream.ts";
