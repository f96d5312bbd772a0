import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { errorText } from './error-text';

describe('errorText', () => {
  it('should use the server message when the reply was our JSON error', () => {
    const error = new ApiError(400, 'Bad Request', JSON.stringify({ error: 'teams_required', message: 'Import teams before games' }));
    expect(errorText(error, 'Import failed')).toBe('Import teams before games');
  });

  it('should fall back to the given text when the reply had no message', () => {
    expect(errorText(new ApiError(502, 'Bad Gateway', '<html>'), 'Import failed')).toBe('Import failed');
    expect(errorText('weird', 'Unknown error occurred')).toBe('Unknown error occurred');
  });

  it('should use the error message when the failure came from the stream', () => {
    expect(errorText(new Error('Unable to read response stream'), 'Import failed')).toBe('Unable to read response stream');
  });
});
