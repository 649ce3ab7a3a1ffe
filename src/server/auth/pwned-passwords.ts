// Have I Been Pwned's « Pwned Passwords » range API, k-anonymity model: only the first 5 hex
// digits of the password's SHA-1 leave; the service answers every suffix it knows under that prefix
// (several hundred) and the comparison is made here. Optional (PWNED_PASSWORDS_URL unset: no call),
// and it fails open: a slow, failing or odd answer is « unknown », which never refuses anything.
import { createHash } from "node:crypto";
import { fetchBytes } from "../../sources/http.ts";

/** Short: it runs while someone waits for a sign-in or a new password. */
export const PWNED_PASSWORDS_TIMEOUT_MS = 1000;

export type PwnedCheck = { kind: "breached" } | { kind: "not_found" } | { kind: "unknown" };

export async function checkPwnedPassword(baseUrl: string | undefined, password: string): Promise<PwnedCheck> {
  if (!baseUrl) return { kind: "unknown" };
  const digest = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  // The password as typed (not normalised as for scrypt): that is what leaks publish.
  const prefix = digest.slice(0, 5);
  const suffix = digest.slice(5);
  const answer = await fetchBytes({ url: `${baseUrl}/range/${prefix}`, timeoutMs: PWNED_PASSWORDS_TIMEOUT_MS, accept: "text/plain" });
  if (!answer.ok) return { kind: "unknown" };
  // « SUFFIX:COUNT » lines; a padded answer adds suffixes with a count of 0, which are not breaches.
  for (const line of new TextDecoder().decode(answer.data).split("\n")) {
    const [candidate, count] = line.trim().split(":");
    if (candidate?.toUpperCase() === suffix) return Number(count) > 0 ? { kind: "breached" } : { kind: "not_found" };
  }
  return { kind: "not_found" };
}
