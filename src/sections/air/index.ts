export * from "./atmo-scale.ts";
export * from "./evaluate.ts";
