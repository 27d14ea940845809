import { loadCertificateAuthority, createCertificateAuthority } from '../ca/index.js';
import type { ClientCertChoice, Pem } from './callback-client.js';

/**
 * The client certificates of an mTLS run, as the service presents them: a leaf for `cn` with its intermediate,
 * under the CA the receiver trusts (`configured`); and the ones it must refuse: none, the same common name under
 * a CA nobody trusts (`other-ca`), another common name under the trusted CA (`wrong-cn`).
 */
export async function clientCertificates(ca: Pem, cn: string, where: string): Promise<Record<ClientCertChoice, Pem | undefined>> {
  const trusted = await loadCertificateAuthority(ca, where).issueIntermediate('graphcheck webhook-test intermediate');
  const stranger = await (await createCertificateAuthority('graphcheck webhook-test stranger CA')).issueIntermediate('graphcheck stranger intermediate');
  const [configured, otherCa, wrongCn] = await Promise.all([
    trusted.issueClient(cn),
    stranger.issueClient(cn),
    trusted.issueClient(`${cn}-not-this-one`),
  ]);
  return { configured, none: undefined, 'other-ca': otherCa, 'wrong-cn': wrongCn };
}
