/** `scheme://` then the userinfo up to its last `@` before the host ends (at `/`, `?`, `#` or a space). */
const USERINFO = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@]*(?:@[^\s/?#@]*)*@/gi;

/**
 * Text with the userinfo of every URL in it (`http://user:pass@host`) shown as `redacted@`: a URL a user typed
 * may hold a password, and graphcheck never sends userinfo anyway. For any text that shows URLs (console lines,
 * messages, report fields), the way the redactor is for secrets it knows.
 */
export function hideUserinfo(text: string): string {
  return text.replace(USERINFO, '$1redacted@');
}
