// Limits of the free plan, in one place: the API enforces them, the pages and forms restate them.

/** Addresses one account may monitor (the free plan). */
export const MAX_MONITORED_ADDRESSES = 3;
