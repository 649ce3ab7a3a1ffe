import type { APIRoute } from "astro";
import { BATHING_DATASET } from "../../sources/baignades/data.ts";

// The shipped bathing data set (official sites and their latest season), already read into the
// app's own form: a static asset the Worker fetches through its ASSETS binding (workers/bathing-dataset.ts,
// decision 065). Public open data (Licence Ouverte 2.0), like the portal it comes from.
export const GET: APIRoute = () => new Response(JSON.stringify(BATHING_DATASET), { headers: { "Content-Type": "application/json; charset=utf-8" } });
