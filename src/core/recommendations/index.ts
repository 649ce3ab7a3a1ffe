export * from "./select.ts";
