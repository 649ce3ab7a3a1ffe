/** The message for a Node older than `engines` (">=MAJOR.MINOR.PATCH"), or null when it will do. */
export function nodeVersionProblem(version: string, enginesNode: string | undefined): string | null;
