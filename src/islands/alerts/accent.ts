// The partner's accent colour for the embedded sign-up: validated hex, readable text on top.

export const DEFAULT_ACCENT = "FFDD00";

/** "ffdd00" or "#FFDD00" → "FFDD00"; null when not a 6-digit hex colour. */
export function parseAccent(value: string | null | undefined): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec((value ?? "").trim());
  return match?.[1] ? match[1].toUpperCase() : null;
}

/** Dark or white text, whichever contrasts more with the accent (WCAG relative luminance). */
export function textColorOn(hex: string): "#1b2428" | "#ffffff" {
  const channel = (index: number) => {
    const value = Number.parseInt(hex.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white is 1.05/(L+0.05); with #1b2428 (L≈0.017) it is (L+0.05)/0.067.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.067 ? "#ffffff" : "#1b2428";
}
