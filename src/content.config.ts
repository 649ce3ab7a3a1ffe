// Content collections: every editorial text of the site lives in content/, validated here.
import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import { z } from "astro/zod";

const officialSource = z.object({
  label: z.string().min(3),
  url: z.url({ protocol: /^https$/ }),
});

const blog = defineCollection({
  loader: glob({ pattern: "*.md", base: "./content/blog" }),
  schema: z.object({
    title: z.string().min(10).max(110),
    /** the excerpt on /blog and the meta description */
    description: z.string().min(80).max(220),
    date: z.coerce.date(),
    updated: z.coerce.date().optional(),
    category: z.enum(["eau", "air", "secheresse", "baignade"]),
    /** official sources the article relies on, listed at its end */
    sources: z.array(officialSource).min(2),
    /** ends with the « Tester votre zone » button to /#analyse */
    testZoneCta: z.boolean().default(true),
  }),
});

const legal = defineCollection({
  loader: glob({ pattern: "*.md", base: "./content/legal" }),
  schema: z.object({
    title: z.string().min(3),
    description: z.string().min(50).max(220),
    updated: z.coerce.date(),
  }),
});

const guide = defineCollection({
  loader: glob({ pattern: "*.md", base: "./content/guide" }),
  schema: z.object({
    title: z.string().min(10),
    description: z.string().min(50).max(220),
    updated: z.coerce.date(),
  }),
});

const products = defineCollection({
  loader: file("./content/guide/products.json"),
  schema: z.object({
    id: z.string(),
    /** position on the page (entries of a file collection come back sorted by id) */
    order: z.number().int(),
    name: z.string(),
    description: z.string().min(40),
    priceRange: z.string(),
    certifications: z.array(z.string()).min(1),
    features: z.array(z.string()).min(1),
  }),
});

const faq = defineCollection({
  loader: file("./content/faq.json"),
  schema: z.object({
    id: z.string(),
    order: z.number().int(),
    question: z.string().min(10),
    answer: z.string().min(40),
  }),
});

const sources = defineCollection({
  loader: file("./content/sources.json"),
  schema: z.object({
    id: z.string(),
    order: z.number().int(),
    name: z.string(),
    publisher: z.string(),
    provides: z.string().min(40),
    updateFrequency: z.string(),
    licence: z.string(),
    url: z.url({ protocol: /^https$/ }),
  }),
});

export const collections = { blog, legal, guide, products, faq, sources };
