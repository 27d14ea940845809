// Who may import whom: the table ARCHITECTURE.md shows, enforced by the `layers/allowed-imports` lint rule.
// A unit is a folder of harness/ (`checks`), a file at harness/'s top (`errors`), or a top folder (`bin`,
// `reference`). test/, scripts/ and bench/ may import anything. A unit always may import itself.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Small helpers any harness unit may import: plain types, errors, and pure functions with no imports of their own beyond these. */
export const EVERYONE_MAY_IMPORT = ['model', 'errors', 'headers', 'words', 'precise-now', 'shell-word', 'version', 'package-root', 'validation', 'http', 'files', 'notification'];

/** Each harness unit and what it may import beyond EVERYONE_MAY_IMPORT. The reference imports none of them, and none imports it. */
export const MAY_IMPORT = {
  model: [],
  errors: [],
  headers: [],
  words: [],
  'precise-now': [],
  'shell-word': [],
  version: [],
  'package-root': [],
  validation: [],
  http: [],
  files: [],
  notification: [],
  ca: [],
  redaction: [],
  profile: [],
  client: ['profile'],
  control: ['client', 'profile'],
  suite: ['profile'],
  generators: ['profile', 'suite'],
  receiver: ['ca'],
  'content-host': [],
  checks: ['profile'],
  cassette: ['redaction'],
  replay: ['cassette', 'redaction'],
  recorder: ['ca', 'cassette'],
  verdict: [],
  sequence: ['checks', 'generators', 'suite'],
  sessions: ['client', 'profile'],
  'callback-client': ['ca', 'redaction'],
  preflight: ['checks', 'client', 'control', 'profile', 'suite'],
  webhooks: ['ca', 'checks', 'content-host', 'control', 'profile', 'receiver', 'suite'],
  'request-building': ['client', 'content-host', 'profile', 'suite'],
  engine: ['callback-client', 'checks', 'client', 'content-host', 'control', 'generators', 'preflight', 'profile', 'receiver', 'request-building', 'sequence', 'sessions', 'suite', 'verdict', 'webhooks'],
  target: ['ca', 'callback-client', 'client', 'content-host', 'control', 'engine', 'preflight', 'profile', 'sessions', 'suite', 'webhooks'],
  'suite-loading': ['checks', 'engine', 'preflight', 'sequence', 'suite'],
  passive: ['checks', 'profile', 'suite', 'verdict'],
  coverage: ['reports', 'suite'],
  sweep: ['coverage', 'suite'],
  reports: ['redaction', 'verdict'],
  run: ['callback-client', 'client', 'engine', 'passive', 'profile', 'recorder', 'replay', 'reports', 'sequence', 'suite', 'suite-loading', 'target', 'verdict', 'webhooks'],
  bin: ['*', 'reference'],
  reference: [],
};

const UNRESTRICTED = new Set(['test', 'scripts', 'bench', 'lint']);

/** The unit a repository path belongs to, or undefined for paths the table does not restrict. */
export function unitOf(relativePath) {
  const parts = relativePath.split(/[\\/]/);
  if (parts[0] === 'harness') return parts.length > 2 ? parts[1] : parts[1]?.replace(/\.[cm]?[jt]s$/, '');
  if (UNRESTRICTED.has(parts[0]) || parts.length < 2) return undefined;
  return parts[0];
}

/** Whether code in unit `from` may import unit `to` (both from unitOf). */
export function mayImport(from, to) {
  if (from === to) return true;
  const own = MAY_IMPORT[from];
  if (!own) return false;
  if (from === 'reference') return false;
  if (to === 'reference') return own.includes('reference');
  if (!(to in MAY_IMPORT)) return from === 'bin';
  return own.includes('*') || own.includes(to) || EVERYONE_MAY_IMPORT.includes(to);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The ESLint rule: a relative import that crosses units must be in the table. */
export const allowedImports = {
  meta: { type: 'problem', schema: [], docs: { description: 'imports follow the table in ARCHITECTURE.md' } },
  create(context) {
    const from = unitOf(path.relative(root, context.filename));
    if (from === undefined) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = unitOf(path.relative(root, path.resolve(path.dirname(context.filename), source)));
      if (to === undefined || mayImport(from, to)) return;
      context.report({
        node,
        message: `${from} may not import ${to} (${source}): ARCHITECTURE.md's table, enforced in lint/import-layers.js; move the code to where both may reach it, or change the table in both places`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const layersPlugin = { rules: { 'allowed-imports': allowedImports } };
