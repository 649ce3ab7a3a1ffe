import * as z from "zod";
import { fr } from "zod/locales";

// Any validation message we did not write ourselves still reaches people in French. Only the
// French locale is imported (`z.locales` would ship all of zod's locales: ~400 KiB of the Worker).
z.config(fr());
