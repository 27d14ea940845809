import type { AuthorizeRequest } from './authorize-query.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The authorization window: what the person is asked to grant. The decision is made through the control API. */
export function renderWindow(request: AuthorizeRequest, appName: string): string {
  const scopes = request.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('');
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><title>Authorize app</title></head><body>',
    `<h1>${escapeHtml(appName)} (app ${escapeHtml(request.clientId)}) asks for access</h1>`,
    `<ul class="scopes">${scopes}</ul>`,
    `<p>You will be sent back to <code>${escapeHtml(request.redirectUri)}</code>.</p>`,
    '<p><button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Cancel</button></p>',
    '</body></html>',
  ].join('\n');
}
