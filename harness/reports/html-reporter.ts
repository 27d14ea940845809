import type { Exchange, RuleResult, RunResult } from '../model/index.js';
import { type Standing, standingOf } from '../verdict/gate.js';
import { curlOf } from './curl.js';
import { isPositiveControl } from './describe-failure.js';
import { escapeHtml as h, ownHtml } from './escape.js';
import { HTML_POLICY, HTML_SCRIPT, HTML_STYLE } from './html-page.js';
import { type CauseGroup, causeCount, sectionsOf } from './report-sections.js';
import { runsWords } from './runs-words.js';
import { slimResult } from './slim-evidence.js';
import { LABEL } from './standing-words.js';

const BODY_SHOWN = 4000;

/**
 * Failures first, each with its cited sentence, counterexample, findings, exchanges (collapsible) and copyable
 * curl and replay lines; then what could not be judged, warnings, known failures, skipped rules by cause, passed
 * rules. Filters by standing and suite. Every text is escaped: nothing a target sends can become markup.
 */
export function renderHtml(result: RunResult): string {
  const s = sectionsOf(result);
  const head = s.byStanding.failed.length || s.stale.length ? 'failed' : s.byStanding.error.length ? 'error' : 'passed';
  const suites = [...new Set(result.results.map((r) => r.suite))];
  const order: Standing[] = ['failed', 'error', 'warned', 'known', 'skipped', 'passed'];
  const filters = order
    .map((st) => `<label><input type="checkbox" data-standing="${st}"${st === 'passed' ? '' : ' checked'}>${h(LABEL[st])} (${s.byStanding[st].length})</label>`)
    .join('');
  const standing = (r: RuleResult) => standingOf(r, { strict: result.gate?.strict });
  const groups = order.filter((st) => st !== 'skipped').map((st) => group(LABEL[st], s.byStanding[st], standing));
  const skipped = s.skippedByCause.map(({ cause, rules }) => group(`skipped: ${cause}`, rules, standing));
  const stale = s.stale.length
    ? `<h3>Stale baseline entries (${s.stale.length})</h3><ul>${s.stale.map((e) => `<li><code>${h(e.rule)}</code> expected ${h(e.verdict)}, now passes: drop the entry</li>`).join('')}</ul>`
    : '';
  const notCheckable = s.notCheckable.length
    ? `<h3>Not checkable (${s.notCheckable.length})</h3><table><tr><th>suite</th><th>what</th><th>why</th></tr>${s.notCheckable
        .map((n) => `<tr><td>${h(n.suite)}</td><td>${h(n.what)}</td><td>${h(n.why)}</td></tr>`)
        .join('')}</table>`
    : '';
  const shard = result.shard ? `, shard ${result.shard.index}/${result.shard.count}` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${HTML_POLICY}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>graphcheck ${h(s.verdict)}</title><style>${HTML_STYLE}</style></head>
<body><header><h1 class="${head}">graphcheck ${h(s.verdict)}</h1>
<div class="muted">Target ${h(result.target.baseUrl)} (${h(result.target.source)}), seed ${h(String(result.seed))}${h(shard)}; ${h(result.finishedAt)}</div>
<div class="filters">${filters}<label>suite <select id="suite"><option value="">all</option>${suites.map((x) => `<option>${h(x)}</option>`).join('')}</select></label></div>
</header><main>${causesTable(s.causes)}${stale}${groups.slice(0, 4).join('')}${skipped.join('')}${groups.slice(4).join('')}${notCheckable}</main>
<script>${HTML_SCRIPT}</script></body></html>
`;
}

/** The causes first, each with links to its rules below: one headline per root cause. */
function causesTable(groups: CauseGroup[]): string {
  if (groups.length === 0) return '';
  const rows = groups.map((g) => {
    const links = g.rules.map((r) => `<a href="#${h(anchorOf(r.rule))}"><code>${h(r.rule)}</code></a> ${h(r.verdict)}`).join('<br>');
    return `<tr><td>${h(causeCount(g))}</td><td>${h(g.cause.title)}<details><summary>which</summary>${links}</details></td></tr>`;
  });
  return `<h3>Causes (${groups.length})</h3><table class="causes"><tr><th>rules</th><th>cause</th></tr>${rows.join('')}</table>`;
}

/** A rule section's id: `rule-` and the rule id (letters, digits, dots and dashes only). */
function anchorOf(id: string): string {
  return `rule-${id.replace(/[^a-z0-9.-]/gi, '_')}`;
}

function group(title: string, rules: RuleResult[], standing: (r: RuleResult) => Standing): string {
  if (rules.length === 0) return '';
  return `<div data-group><h3>${h(title)} (${rules.length})</h3>${rules.map((r) => ruleSection(r, standing(r))).join('')}</div>`;
}

function ruleSection(result: RuleResult, standing: Standing): string {
  const r = slimResult(result);
  const parts = [
    `<h2><span class="badge">${h(r.strength)}</span><code>${h(r.rule)}</code> ${ownHtml(r.title)}</h2>`,
    ...r.cites.map((c) => `<blockquote>${ownHtml(c.text)} <span class="muted">(${h(c.section)})</span></blockquote>`),
  ];
  const why = standing === 'known' ? `known ${r.verdict} (baseline): ${r.known}` : r.reason;
  if (why) parts.push(`<p>${h(why)}</p>`);
  if (r.cause && (r.verdict === 'failed' || r.verdict === 'error')) parts.push(`<p class="muted">cause: ${h(r.cause.title)}</p>`);
  if (r.readings.length) parts.push(`<p class="muted">readings: ${h(r.readings.join(', '))}</p>`);
  const runs = runsWords(r);
  if (runs) parts.push(`<p class="muted">${h(runs)}</p>`);
  if (r.judged !== undefined) parts.push(`<p class="muted">judged: ${h(String(r.judged))} assertion(s)</p>`);
  if (r.counterexample !== undefined) parts.push(`<p>counterexample (shrunk):</p><pre>${h(JSON.stringify(r.counterexample))}</pre>`);
  // The first finding is the reason already shown.
  for (const f of r.findings.slice(r.findings[0]?.message === r.reason ? 1 : 0)) {
    parts.push(`<p>finding <code>${h(f.check)}</code>: ${h(f.message)}</p>`);
  }
  if (r.verdict === 'failed' || r.verdict === 'error') {
    parts.push(`<div class="line"><pre class="replay">${h(r.replay)}</pre><button class="copy">copy</button></div>`);
    const shown = new Set(r.findings.map((f) => f.exchange).filter((i): i is number => i !== undefined));
    r.evidence.forEach((e, i) => parts.push(exchangeBlock(e, i, shown.has(i) || (shown.size === 0 && i === r.evidence.length - 1))));
  }
  return `<section class="rule" id="${h(anchorOf(r.rule))}" data-standing="${h(standing)}" data-suite="${h(r.suite)}">${parts.join('')}</section>`;
}

function exchangeBlock(e: Exchange, index: number, open: boolean): string {
  const { request, response, error } = e;
  const control = isPositiveControl(e) ? ' (positive control)' : '';
  const status = response ? `HTTP ${response.status}` : `no response (${error?.code ?? '?'})`;
  const body = (b: string | undefined, encoding?: string) => (b === undefined ? '' : encoding === 'base64' ? '<binary>' : clip(b));
  const kept = (t?: { bytes: number; sha256: string }) => (t ? `\n… ${t.bytes} bytes in all, sha256 ${t.sha256}` : '');
  const lost = (part: { bodyLost?: string }) => (part.bodyLost ? `<p class="muted">body not kept: ${h(part.bodyLost)}</p>` : '');
  return `<details${open ? ' open' : ''}><summary>exchange #${index + 1}${control}: ${h(request.method)} ${h(request.url)} → ${h(status)}</summary>
<div class="line"><pre class="curl">${h(curlOf(e))}</pre><button class="copy">copy</button></div>
${request.body !== undefined ? `<p class="muted">request body</p><pre class="body">${h(body(request.body, request.bodyEncoding) + kept(request.bodyTruncated))}</pre>${lost(request)}` : ''}
${response ? `<p class="muted">response body</p><pre class="body">${h(body(response.body, response.bodyEncoding) + kept(response.bodyTruncated))}</pre>${lost(response)}` : ''}
${error ? `<p>${h(error.message)}</p>` : ''}</details>`;
}

function clip(text: string): string {
  return text.length > BODY_SHOWN ? `${text.slice(0, BODY_SHOWN)}…` : text;
}
