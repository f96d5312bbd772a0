/**
 * The local push service's TLS certificate and key (push-service.ts): self-signed for 127.0.0.1 and
 * localhost, valid until 2126, for tests only (web-push, like a real sender, speaks HTTPS only). Made
 * with: openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500
 * -addext subjectAltName=IP:127.0.0.1,DNS:localhost. It protects nothing: the service listens on loopback.
 */
export const PUSH_SERVICE_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIB1zCCAX6gAwIBAgIUfZJqw/YRcG85huCpgO0Xwsc6vBkwCgYIKoZIzj0EAwIw
NDEyMDAGA1UEAwwpUG93ZXJQb29sIGxvY2FsIHB1c2ggc2VydmljZSAodGVzdHMg
b25seSkwIBcNMjYxMTI2MDIyNjA0WhgPMjEyNjExMDIwMjI2MDRaMDQxMjAwBgNV
BAMMKVBvd2VyUG9vbCBsb2NhbCBwdXNoIHNlcnZpY2UgKHRlc3RzIG9ubHkpMFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE2SNCAHU8yvXyIzFg5Daaw6btlSVa0cvH
L3Ji3tv6CjugGcLokC2xncwsOyArKkQG1tBehbJJyMC7tyMaPZfR6aNsMGowHQYD
VR0OBBYEFIMulJDuL09AOap1bH2f62YXqyS0MB8GA1UdIwQYMBaAFIMulJDuL09A
Oap1bH2f62YXqyS0MBoGA1UdEQQTMBGHBH8AAAGCCWxvY2FsaG9zdDAMBgNVHRMB
Af8EAjAAMAoGCCqGSM49BAMCA0cAMEQCIDNgdI//RSwwMz4Ni6r9wMc3uMh0ifbr
LoQ7Al5nECqcAiBKiHp4Nt58f3lTkY9B1b9RYMP24Zio3YMqRejSuRZgfg==
-----END CERTIFICATE-----
`;

export const PUSH_SERVICE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgRjiJQRz9NeBMTkDD
fLg8imj/jgcGrXNTJiX3GeBMUQKhRANCAATZI0IAdTzK9fIjMWDkNprDpu2VJVrR
y8cvcmLe2/oKO6AZwuiQLbGdzCw7ICsqRAbW0F6FsknIwLu3Ixo9l9Hp
-----END PRIVATE KEY-----
`;
