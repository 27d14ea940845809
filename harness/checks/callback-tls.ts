import { NO_ARGS } from '../validation/json-schema.js';
import { type Check, judgedCount } from './check.js';

const RULE = 'must be served over HTTPS with a valid TLS certificate';

/**
 * The app's callback is served over HTTPS with a certificate the service accepts (the fact `tls` of a
 * `callback-tls` step): plain HTTP, a self-signed, expired or not-yet-valid certificate, or one for another host
 * is a finding. An issuer nobody here trusts (maybe a private CA not passed with `--ca`) or no connection at all
 * judges nothing.
 */
export const callbackTls: Check<null, 'tls'> = {
  name: 'callback-tls',
  needs: ['tls'],
  explain: () => `the callback ${RULE}`,
  args: NO_ARGS,
  run: (input) => {
    const { tls } = input.facts;
    if (tls.failed) return judgedCount([], 0, `no connection (${tls.failed.code}: ${tls.failed.message})`);
    if (tls.untrusted) {
      return judgedCount([], 0, `the certificate's issuer is not trusted here (${tls.untrusted}); pass --ca FILE with the CA of the endpoint's certificate`);
    }
    if (tls.scheme === 'http') return judgedCount([{ message: `the callback is plain http://; it ${RULE}`, expected: 'https', actual: 'http' }], 1, '');
    if (tls.invalid) return judgedCount([{ message: `the callback ${RULE}: ${tls.invalid}`, expected: 'a valid certificate', actual: tls.invalid }], 1, '');
    return judgedCount([], 1, '');
  },
};
