import { describe, expect, it } from 'vitest';
import { isBase64 } from '../../../harness/http/stored-body.js';

describe('isBase64', () => {
  // Past 64 KB a text is first tried as canonical base64 natively; whatever that refuses is judged by the patterns.
  const big = Buffer.alloc(200_000, 7).toString('base64');

  it('takes a large canonical body, padded or not, and one broken into lines', () => {
    expect(big.endsWith('=')).toBe(true);
    expect(isBase64(big)).toBe(true);
    expect(isBase64(big.replace(/=+$/, ''))).toBe(true);
    expect(isBase64(big.replace(/(.{76})/g, '$1\r\n'))).toBe(true);
  });

  it('takes a large body whose last group has unused bits set, as the pattern does', () => {
    // The last group holds one byte; `R` sets bits an encoder leaves clear.
    const offBits = `${big.slice(0, -3)}R==`;
    expect(Buffer.from(offBits, 'base64').toString('base64')).not.toBe(offBits);
    expect(isBase64(offBits)).toBe(true);
  });

  it('refuses a large body with a character outside the alphabet, padding inside it, or a length no encoder writes', () => {
    expect(isBase64(`${big.slice(0, 100_000)}!${big.slice(100_001)}`)).toBe(false);
    expect(isBase64(`${big.slice(0, 100_000)}-${big.slice(100_001)}`)).toBe(false);
    expect(isBase64(`QQ==${big}`)).toBe(false);
    expect(isBase64(`${big.slice(0, -2)}=`)).toBe(false);
    expect(isBase64(`${big.replace(/=+$/, '')}A`.slice(0, 4 * 20_000 + 1))).toBe(false);
  });
});
