import type { APIRoute } from "astro";
import { COMMUNE_HISTORY } from "../../sources/cog/data.ts";

// The shipped commune history (communes nouvelles and their former communes, arrondissements): a
// static asset the Worker fetches through its ASSETS binding (workers/commune-history.ts). Public
// open data of INSEE's Code officiel géographique (Licence Ouverte).
export const GET: APIRoute = () => new Response(JSON.stringify(COMMUNE_HISTORY), { headers: { "Content-Type": "application/json; charset=utf-8" } });
