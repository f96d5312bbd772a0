// Sports constants the SPA's first load uses: no schema, no zod here (docs/screens.md#data-loading).

/** The largest a team logo is shown, in CSS px (the SPA's TeamLogo at its default size; others are smaller). */
export const TEAM_LOGO_SHOWN_PX = 28;
/**
 * The size a team logo is stored and served at, in px (square): twice the largest shown, sharp on
 * a 2x screen, instead of the provider's 500 px image (a phone loads a few KB per logo).
 */
export const TEAM_LOGO_SERVED_PX = 2 * TEAM_LOGO_SHOWN_PX;
