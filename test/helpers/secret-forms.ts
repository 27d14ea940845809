/** Every way a test expects a secret could be written: none of them may be left in a redacted cassette. */
export function writtenForms(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const form = new URLSearchParams({ v: secret }).toString().slice(2);
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    url,
    url.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    form,
    json,
    json.replaceAll('/', '\\/'),
    url.replaceAll('%', '\\u0025'),
    form.replaceAll('%', '\\u0025'),
  ];
  return [...new Set(forms)];
}
