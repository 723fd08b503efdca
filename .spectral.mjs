/**
 * Spectral ruleset for `api/openapi.yaml` (`npm run lint:api`): the OWASP API Security Top 10 2023
 * rules. Every API4 rule (resource consumption: string, integer and array limits, rate limits) is
 * on. The rules turned off below do not fit this service; each gives its reason.
 */
import owasp from '@stoplight/spectral-owasp-ruleset';

export default {
  extends: [owasp],
  rules: {
    // `Authenticate a user` is how a caller gets a token, so it cannot require one.
    'owasp:api2:2023-write-restricted': 'off',
    // The clients are the desktop app and its core, not web pages of other origins: no CORS headers are sent.
    'owasp:api8:2023-define-cors-origin': 'off',
    // Every operation's `default` answer is the Problem of a 500 (`info.description`), not a `500` key.
    'owasp:api8:2023-define-error-responses-500': 'off',
    // `Get current user` takes no input, so it has no 400; every operation that takes input declares one.
    'owasp:api8:2023-define-error-validation': 'off',
    // The one listed server is the reference service on loopback; a deployment puts TLS in front.
    'owasp:api8:2023-no-server-http': 'off',
    // The same server: its audience (`x-internal`) is a deployment's choice, not the contract's.
    'owasp:api9:2023-inventory-access': 'off',
  },
};
