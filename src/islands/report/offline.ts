// What the address search says while the browser is offline, in a module of its own: the search's
// island imports it without the report's code (the sections' registry) that refresh.ts reads.
import { NBSP } from "../../core/shared/format.ts";

/** Said under the address field once while the browser is offline, whatever is typed. */
export const OFFLINE_SUGGESTIONS = `Pas de connexion${NBSP}: les suggestions d'adresses reviendront dès que la connexion sera rétablie.`;
