export * from "./alert-preferences.ts";
export * from "./dev-outbox.ts";
export * from "./email-codes.ts";
export * from "./monitored-addresses.ts";
export * from "./rate-limits.ts";
export * from "./sessions.ts";
export * from "./users.ts";
export * from "./alerts.ts";
