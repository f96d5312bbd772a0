/** A CSS colour of a team's 6-digit hex colour, or undefined when it has none (or not a hex). */
export function teamColor(color: string | null): string | undefined {
  return color && /^#?[0-9a-f]{6}$/i.test(color) ? `#${color.replace(/^#/, '')}` : undefined;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * White or black, whichever contrasts more with the `#rrggbb` background (a fallback team circle's
 * abbreviation on the team's colour, docs/screens.md#contrast). One of the two always reaches
 * 4.5:1 (WCAG AA for small text): the worst background, a mid grey, still gets 4.58:1 from black.
 * A near-black instead would leave mid colours short (#777777: 4.48:1 in white, 4.2:1 in #111111).
 */
export function readableTextOn(background: string): '#ffffff' | '#000000' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
}
