import { describe, expect, it } from 'vitest';
import { backchannelRewrite } from './oidc.js';

describe('backchannelRewrite', () => {
  const rewrite = backchannelRewrite(new URL('http://localhost:3000/dev-idp'), new URL('http://127.0.0.1:4010/dev-idp'));

  it('should send a URL under the issuer to the same path under the back channel', () => {
    expect(rewrite('http://localhost:3000/dev-idp/.well-known/openid-configuration')).toBe('http://127.0.0.1:4010/dev-idp/.well-known/openid-configuration');
    expect(rewrite('http://localhost:3000/dev-idp/token')).toBe('http://127.0.0.1:4010/dev-idp/token');
    expect(rewrite('http://localhost:3000/dev-idp/me?x=1')).toBe('http://127.0.0.1:4010/dev-idp/me?x=1');
  });

  it('should leave a URL alone when it is not under the issuer', () => {
    expect(rewrite('http://localhost:3000/dev-idp2/token')).toBe('http://localhost:3000/dev-idp2/token');
    expect(rewrite('http://localhost:3000/api/callback')).toBe('http://localhost:3000/api/callback');
    expect(rewrite('https://localhost:3000/dev-idp/token')).toBe('https://localhost:3000/dev-idp/token');
  });

  it('should rewrite every path when the issuer is a bare origin', () => {
    const bare = backchannelRewrite(new URL('https://sso.example.com'), new URL('http://keycloak:8080/'));
    expect(bare('https://sso.example.com/protocol/openid-connect/token')).toBe('http://keycloak:8080/protocol/openid-connect/token');
  });
});
