import type { APIRoute } from "astro";
import { getCollection, type CollectionEntry } from "astro:content";
import { absoluteUrl } from "../site.ts";

// Every indexable page of the static site, with the date of its content when it has one.
export const GET: APIRoute = async () => {
  const posts = await getCollection("blog");
  const legal = await getCollection("legal");
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const entries: Array<{ path: string; lastmod?: string }> = [
    { path: "/" },
    { path: "/sources" },
    { path: "/etat" },
    { path: "/offre" },
    { path: "/inscription" },
    { path: "/widget" },
    { path: "/developpeurs" },
    // The public API's description, for the tools that look for it (its page is /developpeurs).
    { path: "/api/v1/openapi.json" },
    { path: "/guide/choisir-filtre-certifie" },
    { path: "/plan-du-site" },
    { path: "/blog" },
    ...posts.map((post: CollectionEntry<"blog">) => ({ path: `/blog/${post.id}`, lastmod: day(post.data.updated ?? post.data.date) })),
    ...legal.map((page: CollectionEntry<"legal">) => ({ path: `/${page.id}`, lastmod: day(page.data.updated) })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((entry) => `  <url><loc>${absoluteUrl(entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
