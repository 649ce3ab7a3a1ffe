// The keys of the alert tables, in one place. A subject is what is watched (a sign-up's address or
// an account's monitored address); a recipient is who gets the email (the sign-up or the account).
// The stored spellings ("sub:…", "addr:…", "s_…", "a_…") stay as they are: existing rows and the
// unsubscribe links already sent carry them. Only this module reads or writes them.

export type SubjectRef = { kind: "subscription" | "address"; id: string };
export type RecipientRef = { kind: "subscription" | "account"; id: string };

/** Ids are generated tokens (lower-case base32); anything else in a link is refused. */
const ID = /^[a-z0-9]{1,64}$/;

function prefixedKeys<Kind extends string>(prefixes: Record<Kind, string>) {
  const kinds = Object.keys(prefixes) as Kind[];
  return {
    encode: (ref: { kind: Kind; id: string }): string => `${prefixes[ref.kind]}${ref.id}`,
    decode: (key: string): { kind: Kind; id: string } | null => {
      const kind = kinds.find((candidate) => key.startsWith(prefixes[candidate]));
      return kind === undefined ? null : { kind, id: key.slice(prefixes[kind].length) };
    },
  };
}

const subjectKeys = prefixedKeys<SubjectRef["kind"]>({ subscription: "sub:", address: "addr:" });
const recipientKeys = prefixedKeys<RecipientRef["kind"]>({ subscription: "s_", account: "a_" });

export const encodeSubjectKey = subjectKeys.encode;
export const decodeSubjectKey = subjectKeys.decode;
export const encodeRecipientKey = recipientKeys.encode;
export const decodeRecipientKey = recipientKeys.decode;

/** A recipient key read from a link: null unless its id is one we could have generated. */
export function parseLinkRecipientKey(key: string): RecipientRef | null {
  const recipient = decodeRecipientKey(key);
  return recipient && ID.test(recipient.id) ? recipient : null;
}

export function subscriptionRecipientKey(subscriptionId: string): string {
  return encodeRecipientKey({ kind: "subscription", id: subscriptionId });
}

export function accountRecipientKey(userId: string): string {
  return encodeRecipientKey({ kind: "account", id: userId });
}
