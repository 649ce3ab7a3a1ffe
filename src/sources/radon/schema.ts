import * as z from "zod";
import type { RadonDatasetFile } from "./dataset.ts";

const codes = z.array(z.string().regex(/^(\d{5}|2[AB]\d{3})$/));

/** The shipped data file (src/sources/radon/data/), as the Worker fetches it from its static assets: a changed shape is refused. */
export const RadonDatasetFileSchema: z.ZodType<RadonDatasetFile> = z.object({
  source: z.object({ url: z.string(), file: z.string(), sha256: z.string() }),
  categories: z.object({ "1": codes, "2": codes, "3": codes }),
});
