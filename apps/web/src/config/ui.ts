/**
 * The one file with the interface constants (spec part 1, section 9).
 * Components read them from here; nothing else restates these values.
 */

/** Viewports narrower than this (in px) get the mobile layout: dialogs become bottom drawers. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Height of the sticky top bar. */
export const HEADER_HEIGHT = '3.5rem';

export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
/** Toggles the side panel together with Ctrl (or Meta / Cmd). */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
/** Seconds the side panel state is remembered: 7 days. */
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Toasts visible at once. */
export const TOAST_LIMIT = 1;
/** Default toast lifetime in ms. */
export const TOAST_DURATION_MS = 5000;

/** The realtime connection down this long (ms) shows 'Sin conexión. Reintentando…'. */
export const SIN_CONEXION_AVISO_MS = 3000;

/** Delay before a tooltip opens, in ms. */
export const TOOLTIP_DELAY_MS = 700;
