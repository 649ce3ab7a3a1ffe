// Build-time settings of the static site (pages are prerendered, so these are read when
// `astro build` runs). The legal notices print the publisher and host from here, never from code.
import * as z from "zod";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null);

const siteSchema = z.object({
  SITE_URL: z
    .string()
    .trim()
    .default("http://127.0.0.1:4321")
    .pipe(z.url({ protocol: /^https?$/ }))
    .transform((value) => value.replace(/\/+$/, "")),
  CONTACT_EMAIL: z.email().default("contact@zone-sante.fr"),
  LEGAL_PUBLISHER_NAME: optionalText,
  LEGAL_PUBLISHER_ADDRESS: optionalText,
  LEGAL_PUBLICATION_DIRECTOR: optionalText,
  LEGAL_HOST_NAME: z.string().trim().default("Cloudflare, Inc."),
  LEGAL_HOST_ADDRESS: z.string().trim().default("101 Townsend Street, San Francisco, CA 94107, États-Unis"),
  LEGAL_HOST_URL: z.url().default("https://www.cloudflare.com/"),
});

export type SiteSettings = z.infer<typeof siteSchema>;

export function readSiteSettings(env: Record<string, string | undefined>): SiteSettings {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => typeof value === "string" && value.trim() !== ""));
  const parsed = siteSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(`Configuration du site invalide : ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join(" ; ")}`);
  }
  return parsed.data;
}

export const site = readSiteSettings(process.env);

/** The publisher's identity the legal notice must print (LCEN, loi n° 2004-575 du 21 juin 2004): without them it says « À compléter par l'éditeur ». */
export const PUBLISHER_SETTINGS = ["LEGAL_PUBLISHER_NAME", "LEGAL_PUBLISHER_ADDRESS", "LEGAL_PUBLICATION_DIRECTOR"] as const;

/** The publisher settings `env` leaves unset or blank. */
export function missingPublisherSettings(env: Record<string, string | undefined>): string[] {
  return PUBLISHER_SETTINGS.filter((name) => !env[name]?.trim());
}

/**
 * Why a build must stop, or null when it may go on: a production build (NODE_ENV=production as the
 * shell set it, or the Workers build) never publishes a legal notice that says « À compléter par
 * l'éditeur »; development, test and CI builds keep the placeholder.
 */
export function publisherBuildRefusal(env: Record<string, string | undefined>, { production }: { production: boolean }): string | null {
  if (!production) return null;
  const missing = missingPublisherSettings(env);
  if (missing.length === 0) return null;
  return (
    `Build de production refusé\u00a0: les mentions légales doivent nommer l'éditeur du site (loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique). ` +
    `Variable${missing.length > 1 ? "s" : ""} manquante${missing.length > 1 ? "s" : ""}\u00a0: ${missing.join(", ")}. ` +
    `Définissez-${missing.length > 1 ? "les" : "la"} dans le shell qui lance le build (voir la section «\u00a0Deploying to Cloudflare\u00a0» du README).`
  );
}

/** Absolute URL of a path on the site, without trailing slash (the canonical form). */
export function absoluteUrl(path: string): string {
  const clean = path === "/" ? "/" : path.replace(/\/+$/, "");
  return `${site.SITE_URL}${clean === "/" ? "/" : clean}`;
}
