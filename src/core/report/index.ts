export * from "./assemble.ts";
export * from "./present.ts";
