export * from "./assemble.ts";
