// Windows-1252, decoded by hand: the ministry's pages and the data.gouv.fr files use it, and
// TextDecoder's support for it varies between runtimes (Node 20 maps 0x80–0x9F to control
// characters, Workers' list of labels is not ours to rely on).

/** 0x80–0x9F: the printable characters Windows-1252 puts where Latin-1 has control codes. */
const HIGH_CONTROL_BLOCK = [
  0x20ac, 0xfffd, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0xfffd, 0x017d, 0xfffd, 0xfffd, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0xfffd, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  const chunk: number[] = [];
  for (const byte of bytes) {
    chunk.push(byte >= 0x80 && byte <= 0x9f ? (HIGH_CONTROL_BLOCK[byte - 0x80] ?? 0xfffd) : byte);
    if (chunk.length === 8192) {
      text += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  return text + String.fromCharCode(...chunk);
}

/**
 * For sources that have always published Windows-1252 but might switch: a strict UTF-8 read
 * comes first because Windows-1252 accents are never valid UTF-8, so a future UTF-8 file cannot
 * silently turn into « RiviÃ¨re ». A string is taken as already decoded.
 */
export function decodeUtf8OrWindows1252(input: string | Uint8Array): string {
  if (typeof input === "string") return input;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(input);
  } catch {
    return decodeWindows1252(input);
  }
}
