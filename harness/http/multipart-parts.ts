/** One part of a multipart/form-data body: a text field (`value`) or a file (`filename`, no value). */
export interface MultipartPart {
  name: string;
  filename?: string;
  value?: string;
  /** Size of the part's content in bytes. */
  bytes: number;
  /** The part's content, byte for byte (a slice of the body). */
  content: Buffer;
}

/**
 * The parts of a multipart/form-data body, or undefined when the body cannot be split (no boundary, no closing
 * delimiter: a truncated or dropped body must not read as "no file was sent").
 */
export function multipartParts(body: Buffer, contentType: string): MultipartPart[] | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = boundary?.[1] ?? boundary?.[2];
  if (!delimiter) return undefined;
  // latin1 keeps one character per byte, so offsets and sizes stay byte counts.
  const text = body.toString('latin1');
  const marker = `--${delimiter}`;
  const sections = text.split(marker);
  if (sections.length < 3 || !sections.at(-1)!.startsWith('--')) return undefined;
  const parts: MultipartPart[] = [];
  let at = sections[0]!.length + marker.length;
  for (const section of sections.slice(1, -1)) {
    const part = parsePart(section, body, at);
    if (!part) return undefined;
    parts.push(part);
    at += section.length + marker.length;
  }
  return parts;
}

/** `offset`: where `section` starts in `body`, so the content is sliced from the bytes, not re-encoded. */
function parsePart(section: string, body: Buffer, offset: number): MultipartPart | undefined {
  const headerEnd = section.indexOf('\r\n\r\n');
  if (headerEnd === -1) return undefined;
  const headers = section.slice(0, headerEnd);
  const end = section.endsWith('\r\n') ? section.length - 2 : section.length;
  const content = body.subarray(offset + headerEnd + 4, offset + Math.max(end, headerEnd + 4));
  const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) return undefined;
  const filename = /\bfilename\*?="?([^";\r\n]*)/i.exec(disposition)?.[1];
  const type = /content-type:\s*([^;\r\n]*)/i.exec(headers)?.[1]?.trim().toLowerCase();
  const bytes = content.length;
  // A browser's empty file input (`filename=""`, no content) sent no file.
  if (filename === '' && bytes === 0) return { name, value: '', bytes: 0, content };
  // Clients may send a file without a filename; a part typed as anything but text (or JSON, a structured field
  // such as `feed_targeting`) is a file all the same.
  const textual = type === undefined || type.startsWith('text/') || type === 'application/json';
  if (filename !== undefined || !textual) return { name, filename: filename ?? '', bytes, content };
  return { name, value: content.toString('utf8'), bytes, content };
}
