import { toast } from '@/components/ui/use-toast';
import type { ToastInput } from '@/components/ui/use-toast';
import { isApiError } from './api-client';
import { isUnauthorizedError, redirectToLogin } from './unauthorized';

/** The toast of a call that failed because the session ended (docs/screens.md#errors). */
export const LOGGED_OUT_TOAST = { title: 'Unauthorized', description: 'You are logged out. Logging in again...' } as const;

/**
 * Errors whose message is the platform's, not ours, and never shown to the user: a network
 * failure (fetch's TypeError), an unreadable reply (SyntaxError), a reply that does not match its
 * contract (ZodError), an aborted call.
 */
const TECHNICAL_ERRORS = new Set(['TypeError', 'SyntaxError', 'ZodError', 'AbortError']);

/**
 * The words to show for a failed call: the server's `message` when the reply was our JSON error,
 * the error's own message when we raised it with words for the user (a stream's `error` event,
 * "Migration stream connection failed"), otherwise `fallback`.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.serverMessage || fallback;
  if (error instanceof Error && error.message && !TECHNICAL_ERRORS.has(error.name)) return error.message;
  return fallback;
}

/**
 * The title of a refusal: the server's `details.title` when it names one (weeks-workflow's No
 * Games Selected, Missing Spreads, Cannot Start Scoring), else `fallback`. failureToast uses it.
 */
export function refusalTitle(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const details: unknown = error.details;
  if (typeof details !== 'object' || details === null || !('title' in details)) return fallback;
  return typeof details.title === 'string' && details.title.trim() !== '' ? details.title : fallback;
}

export interface FailureToastOptions {
  /** The toast's title: 'Error' unless the product names another ('Update Failed', 'Import Failed'); a title the server gives wins. */
  title?: string;
  /** The product's text for this failure: shown when the error carries no words for the user. */
  fallback: string;
  /**
   * `message` (default): the server's message when there is one, else the fallback
   * (`failureMessage`). `fallback`: always the fallback, for the product's texts that never show the
   * server's words ("Failed to remove member").
   */
  text?: 'message' | 'fallback';
  /** Builds the description from the chosen text, e.g. (text) => `Failed to create pool: ${text}`. */
  describe?: (text: string) => string;
}

/** What `toastFailure` shows, and whether it then sends the browser to sign in again. */
export interface FailureToast {
  toast: ToastInput;
  logIn: boolean;
}

/**
 * The rules for a failed call (docs/screens.md#errors): logged out (`401: ...Unauthorized`)
 * gives 'Unauthorized: You are logged out. Logging in again...' and a new sign-in; anything else
 * the given title with the server's message or the given fallback.
 */
export function failureToast(error: unknown, options: FailureToastOptions): FailureToast {
  if (isUnauthorizedError(error)) return { toast: { ...LOGGED_OUT_TOAST, variant: 'destructive' }, logIn: true };
  const text = options.text === 'fallback' ? options.fallback : failureMessage(error, options.fallback);
  return {
    toast: { title: refusalTitle(error, options.title ?? 'Error'), description: options.describe ? options.describe(text) : text, variant: 'destructive' },
    logIn: false,
  };
}

/**
 * Toasts a failed call by the product's rules (`failureToast`); when the session ended, goes to
 * /api/login 500 ms later. The one way screens report a failed save:
 *
 *   onError: (error) => toastFailure(error, { fallback: 'Failed to remove member', text: 'fallback' })
 */
export function toastFailure(error: unknown, options: FailureToastOptions): void {
  const { toast: input, logIn } = failureToast(error, options);
  toast(input);
  if (logIn) redirectToLogin();
}
