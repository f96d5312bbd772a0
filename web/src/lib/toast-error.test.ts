import { currentUserSchema } from '@powerpool/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { LOGGED_OUT_TOAST, failureMessage, failureToast, refusalTitle, toastFailure } from './toast-error';
import { UNAUTHORIZED_REDIRECT_MS } from './unauthorized';

/** Replies as our gateway and services send them: `{ error, message }`. */
const reply = (status: number, statusText: string, error: string, message: string) => new ApiError(status, statusText, JSON.stringify({ error, message }));

const signedOut = reply(401, 'Unauthorized', 'unauthorized', 'Unauthorized: you are not signed in');
const conflict = reply(409, 'Conflict', 'cannot_remove_commissioner', 'The pool commissioner cannot be removed');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('failureToast', () => {
  it('should show the logged-out toast and ask for a new sign-in when a save answers 401 Unauthorized', () => {
    expect(failureToast(signedOut, { fallback: 'Failed to remove member' })).toEqual({
      toast: { title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' },
      logIn: true,
    });
  });

  it('should treat a 401 as logged out when its body is empty and the status text says Unauthorized', () => {
    expect(failureToast(new ApiError(401, 'Unauthorized', ''), { fallback: 'x' }).logIn).toBe(true);
  });

  it('should treat any error whose message starts with "401: " and contains Unauthorized as logged out', () => {
    expect(failureToast(new Error('401: {"message":"Unauthorized"}'), { fallback: 'x' }).toast).toMatchObject(LOGGED_OUT_TOAST);
  });

  it('should show the server message, not log out, when a 401 has its own words', () => {
    const expired = reply(401, '', 'unauthorized', 'Your session has expired. Please log in again to join the pool.');
    expect(failureToast(expired, { fallback: 'x' })).toEqual({
      toast: { title: 'Error', description: 'Your session has expired. Please log in again to join the pool.', variant: 'destructive' },
      logIn: false,
    });
  });

  it('should not log out when another status mentions Unauthorized', () => {
    const forbidden = reply(403, 'Forbidden', 'forbidden', 'Unauthorized role');
    expect(failureToast(forbidden, { fallback: 'x' }).logIn).toBe(false);
  });

  it("should show 'Error' with the server message when the reply carried one", () => {
    expect(failureToast(conflict, { fallback: 'Failed to remove user from pool' }).toast).toEqual({
      title: 'Error',
      description: 'The pool commissioner cannot be removed',
      variant: 'destructive',
    });
  });

  it('should show the fallback when the reply carried no message of ours', () => {
    const gateway = new ApiError(502, 'Bad Gateway', '<html>Bad Gateway</html>');
    expect(failureToast(gateway, { fallback: 'Failed to add user to pool' }).toast.description).toBe('Failed to add user to pool');
  });

  it("should show only the fallback when asked for the product's fixed text", () => {
    const shown = failureToast(conflict, { title: 'Update Failed', fallback: 'Failed to update payment status. Please try again.', text: 'fallback' });
    expect(shown.toast).toEqual({ title: 'Update Failed', description: 'Failed to update payment status. Please try again.', variant: 'destructive' });
  });

  it('should pass the chosen text through describe when one is given', () => {
    const describe = (text: string) => `Failed to create pool: ${text}`;
    const slugTaken = reply(409, 'Conflict', 'slug_taken', 'A pool with this slug already exists');
    expect(failureToast(slugTaken, { fallback: 'Unknown error', describe }).toast.description).toBe(
      'Failed to create pool: A pool with this slug already exists',
    );
    expect(failureToast(new TypeError('Failed to fetch'), { fallback: 'Unknown error', describe }).toast.description).toBe(
      'Failed to create pool: Unknown error',
    );
  });

  it('should not log out or use describe when the logged-out toast is shown', () => {
    const shown = failureToast(signedOut, { title: 'Import Failed', fallback: 'Import failed', describe: (t) => `Validation failed: ${t}` });
    expect(shown.toast).toEqual({ ...LOGGED_OUT_TOAST, variant: 'destructive' });
  });
});

describe('failureMessage', () => {
  it('should use the message of an error we raised with words for the user when it is not a reply', () => {
    expect(failureMessage(new Error('Migration stream connection failed'), 'Migration failed')).toBe('Migration stream connection failed');
  });

  it('should use the fallback when the error is a network failure, an unreadable reply or a reply off its contract', () => {
    const offContract = currentUserSchema.safeParse({}).error;
    expect(offContract?.name).toBe('ZodError');
    for (const error of [new TypeError('Failed to fetch'), new SyntaxError('Unexpected token <'), offContract, 'weird', undefined]) {
      expect(failureMessage(error, 'Import failed')).toBe('Import failed');
    }
  });

  it('should use the fallback when our error body has an empty message', () => {
    expect(failureMessage(reply(500, 'Internal Server Error', 'internal_error', ''), 'Failed to clear staging data')).toBe('Failed to clear staging data');
  });
});

describe('toastFailure', () => {
  it('should send the browser to /api/login 500 ms after a logged-out failure', async () => {
    vi.useFakeTimers();
    const window = { location: { href: '/admin' } };
    vi.stubGlobal('window', window);

    toastFailure(signedOut, { fallback: 'Failed to update member status', text: 'fallback' });
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(window.location.href).toBe('/admin');
    await vi.advanceTimersByTimeAsync(1);
    expect(window.location.href).toBe('/api/login');
  });

  it('should stay on the page when the failure is not a logged-out one', async () => {
    vi.useFakeTimers();
    const window = { location: { href: '/admin' } };
    vi.stubGlobal('window', window);

    toastFailure(conflict, { fallback: 'Failed to remove member', text: 'fallback' });
    await vi.advanceTimersByTimeAsync(10 * UNAUTHORIZED_REDIRECT_MS);
    expect(window.location.href).toBe('/admin');
  });
});

const replyWith = (status: number, body: unknown) => new ApiError(status, 'x', JSON.stringify(body));

describe('refusalTitle', () => {
  it("should take the server's details.title, else the fallback", () => {
    const noGames = replyWith(400, {
      error: 'no_games_selected',
      message: 'Please select at least one game to publish',
      details: { title: 'No Games Selected' },
    });
    expect(refusalTitle(noGames, 'Transition Failed')).toBe('No Games Selected');
    expect(refusalTitle(replyWith(409, { error: 'invalid_transition', message: 'm', details: { from: 'SETUP' } }), 'Transition Failed')).toBe(
      'Transition Failed',
    );
    expect(refusalTitle(replyWith(409, { error: 'x', message: 'm', details: { title: 3 } }), 'Error')).toBe('Error');
    expect(refusalTitle(replyWith(409, { error: 'x', message: 'm', details: { title: ' ' } }), 'Error')).toBe('Error');
    expect(refusalTitle(replyWith(500, { error: 'x', message: 'm' }), 'Error')).toBe('Error');
    expect(refusalTitle(new TypeError('Failed to fetch'), 'Error')).toBe('Error');
  });
});
