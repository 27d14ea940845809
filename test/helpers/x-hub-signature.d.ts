// The package ships no types; this is the part the agreement test uses.
declare module 'x-hub-signature' {
  export default class XHubSignature {
    constructor(algorithm: string, secret: string);
    sign(requestBody: Buffer | string): string;
    verify(expectedSignature: string, requestBody: Buffer | string): boolean;
  }
}
