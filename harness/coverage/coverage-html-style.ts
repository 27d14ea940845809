import { createHash } from 'node:crypto';

/** The coverage page's style, inline so the one file works from file:// with no network. The page has no script. */
export const COVERAGE_STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f8fa}
header{background:#fff;border-bottom:1px solid #d0d7de;padding:16px 24px}
h1{font-size:20px;margin:0 0 6px}h2{font-size:16px;margin:22px 0 6px}h3{font-size:14px;margin:14px 0 6px}
main{padding:8px 24px 24px;max-width:1150px}
table{border-collapse:collapse;background:#fff}td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;white-space:nowrap}meter{width:90px;vertical-align:middle}
.muted{color:#57606a}.legend span{margin-right:14px;white-space:nowrap}
.stmt{background:#fff;border:1px solid #d0d7de;border-left:6px solid #8c959f;border-radius:6px;margin:6px 0;padding:6px 12px}
.stmt[data-status=judged]{border-left-color:#2da44e}.stmt[data-status=should-only]{border-left-color:#d4a72c}
.stmt[data-status=client-only]{border-left-color:#0969da}.stmt[data-status=reasoned]{border-left-color:#8c959f}
.stmt[data-status=uncovered]{border-left-color:#cf222e;background:#fff5f5}
.dot{display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:4px;background:#8c959f}
.dot.judged{background:#2da44e}.dot.should-only{background:#d4a72c}.dot.client-only{background:#0969da}.dot.uncovered{background:#cf222e}
.stmt .text{margin:2px 0 4px}.stmt .id{font-size:12px}
.badge{display:inline-block;font-weight:600;font-size:12px;padding:0 6px;border-radius:10px;background:#eaeef2;margin-left:4px}
.badge.passed{background:#dafbe1;color:#1a7f37}.badge.failed{background:#ffebe9;color:#b42318}
.badge.error{background:#fff8c5;color:#9a6700}.badge.skipped,.badge.absent{background:#eaeef2;color:#57606a}
ul.judges,ul.reasons{margin:2px 0;padding-left:20px}
section.rules li{margin:2px 0}
`;

/**
 * The page's Content-Security-Policy: its own style (by hash) and nothing else; no script may run and nothing may
 * load. Every text in the page is escaped already; should escaping ever miss, markup that got in runs nothing.
 */
export const COVERAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(COVERAGE_STYLE).digest('base64')}'`,
  "script-src 'none'",
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
