/** A CSS colour of a team's 6-digit hex colour, or undefined when it has none (or not a hex). */
export function teamColor(color: string | null): string | undefined {
  return color && /^[0-9a-f]{6}$/i.test(color) ? `#${color}` : undefined;
}
