import { describe, expect, it } from 'vitest';
import { acceptsGzip, noneMatchHits } from './conditional.js';

describe('conditional replies', () => {
  it('should match If-None-Match weakly, in lists and with *', () => {
    const etag = 'W/"lb-abc"';
    expect(noneMatchHits(undefined, etag)).toBe(false);
    expect(noneMatchHits('', etag)).toBe(false);
    expect(noneMatchHits('W/"lb-abc"', etag)).toBe(true);
    expect(noneMatchHits('"lb-abc"', etag)).toBe(true);
    expect(noneMatchHits('"x", W/"lb-abc"', etag)).toBe(true);
    expect(noneMatchHits('*', etag)).toBe(true);
    expect(noneMatchHits('W/"lb-abd"', etag)).toBe(false);
    expect(noneMatchHits('lb-abc', etag)).toBe(false);
  });

  it('should take gzip when accepted with a q above 0', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0, *')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('x-gzip')).toBe(true);
  });
});
