/** The files of a CA folder (`graphcheck ca --out DIR`): apart from the CA's code, so the CLI's help can name them without loading it. */
export const CA_CERT_FILE = 'ca.pem';
export const CA_KEY_FILE = 'ca-key.pem';
