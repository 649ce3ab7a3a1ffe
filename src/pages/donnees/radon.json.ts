import type { APIRoute } from "astro";
import { RADON_DATASET } from "../../sources/radon/data.ts";

// The shipped radon classification (INSEE codes per category): a static asset the Worker fetches
// through its ASSETS binding (workers/radon-dataset.ts, decision 072). Public open data of the
// IRSN (Licence Ouverte), like the data.gouv.fr file it comes from.
export const GET: APIRoute = () => new Response(JSON.stringify(RADON_DATASET), { headers: { "Content-Type": "application/json; charset=utf-8" } });
