import { z } from "zod";

// Any validation message we did not write ourselves still reaches people in French.
z.config(z.locales.fr());
