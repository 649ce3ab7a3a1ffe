// The Worker's env read as the configuration reads it: shared by the entry (cloudflare.ts) and the
// Durable Object of the global ceilings (ceilings-object.ts), which gets the same env.

/** The vars of wrangler.toml and the secrets (`wrangler secret put`), which `Env` does not list. */
export function stringEnv(env: Env): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) if (typeof value === "string") values[key] = value;
  return { NODE_ENV: "production", ...values };
}
