// The alert topics named in running French (the sign-up pages, /offre, the home page, the
// confirmation e-mail), from each topic's label: a new topic is named there without editing them.

/**
 * A label inside a sentence: « Qualité de l'air » → « qualité de l'air ». A label that starts with
 * an acronym keeps its capitals (« UV » stays « UV »).
 */
export function topicNameInSentence(label: string): string {
  const [first = "", second = ""] = label;
  const acronym = second !== second.toLocaleLowerCase("fr-FR");
  return acronym ? label : `${first.toLocaleLowerCase("fr-FR")}${label.slice(first.length)}`;
}

/** « a », « a et b », « a, b et c »: French lists take no comma before « et ». */
export function listInFrench(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} et ${items.at(-1)}`;
}

/** The topics' labels in one list: « eau du robinet, sécheresse et qualité de l'air ». */
export function nameTopics(topics: ReadonlyArray<{ label: string }>): string {
  return listInFrench(topics.map((topic) => topicNameInSentence(topic.label)));
}
