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

/** White or near-black, whichever contrasts more with the `#rrggbb` background. */
export function readableTextOn(background: string): '#ffffff' | '#111111' {
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / (luminance('#111111') + 0.05);
  return onWhite >= onBlack ? '#ffffff' : '#111111';
}
