export type RequestBody =
  | { form: Record<string, unknown> }
  | { json: unknown }
  | { multipart: { fields: Record<string, unknown>; files: MultipartFile[] } };

export interface MultipartFile {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * Graph parameters are flat strings: objects and arrays travel as JSON text (`feed_targeting={"age_min":13}`),
 * booleans and numbers as their literal text. Undefined values are left out.
 */
export function encodeParams(params: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    pairs.push([key, typeof value === 'string' ? value : JSON.stringify(value)]);
  }
  return pairs;
}

export function encodeBody(body: RequestBody): { bytes: Buffer; headers: Record<string, string> } {
  if ('form' in body) {
    const text = new URLSearchParams(encodeParams(body.form)).toString();
    return { bytes: Buffer.from(text), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  if ('json' in body) {
    return { bytes: Buffer.from(JSON.stringify(body.json)), headers: { 'content-type': 'application/json' } };
  }
  return encodeMultipart(body.multipart.fields, body.multipart.files);
}

function encodeMultipart(fields: Record<string, unknown>, files: MultipartFile[]) {
  // A fixed boundary keeps recorded runs repeatable byte for byte; no generated part contains it.
  const boundary = 'graphcheck-part-boundary-5f1e0c';
  const parts: Buffer[] = [];
  for (const [name, value] of encodeParams(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    const head =
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
      `content-type: ${file.contentType}\r\n\r\n`;
    parts.push(Buffer.from(head), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    bytes: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
