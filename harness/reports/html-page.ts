import { createHash } from 'node:crypto';

/** The HTML report's style and script, inline so the one file works from file:// with no network. */
export const HTML_STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f8fa}
header{background:#fff;border-bottom:1px solid #d0d7de;padding:16px 24px;position:sticky;top:0;z-index:1}
h1{font-size:20px;margin:0 0 4px}h1.failed{color:#b42318}h1.passed{color:#1a7f37}h1.error{color:#9a6700}
main{padding:16px 24px;max-width:1100px}
.filters{margin-top:8px;display:flex;gap:12px;flex-wrap:wrap;align-items:center}
.filters label{white-space:nowrap}.filters input{margin-right:4px}
section.rule{background:#fff;border:1px solid #d0d7de;border-left:6px solid #8c959f;border-radius:6px;margin:10px 0;padding:10px 14px}
section.rule[data-standing=failed]{border-left-color:#cf222e}section.rule[data-standing=error]{border-left-color:#bf8700}
section.rule[data-standing=warned]{border-left-color:#d4a72c}section.rule[data-standing=passed]{border-left-color:#2da44e}
section.rule[data-standing=known]{border-left-color:#8250df}
.badge{display:inline-block;font-weight:600;font-size:12px;padding:1px 6px;border-radius:10px;background:#eaeef2;margin-right:6px}
.rule h2{font-size:15px;margin:0 0 6px}.rule h2 code{font-size:13px}
blockquote{margin:6px 0;padding:2px 10px;border-left:3px solid #d0d7de;color:#57606a}
pre.body{max-height:12em}
pre{background:#f6f8fa;border:1px solid #d0d7de;border-radius:4px;padding:6px 8px;overflow:auto;white-space:pre-wrap;word-break:break-all;margin:4px 0}
.line{display:flex;gap:6px;align-items:flex-start}.line pre{flex:1}
button.copy{font-size:12px;cursor:pointer}
h3{font-size:14px;margin:18px 0 6px}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}
.muted{color:#57606a}
`;

export const HTML_SCRIPT = `
const boxes=[...document.querySelectorAll('input[data-standing]')];
const suite=document.getElementById('suite');
function apply(){const on=new Set(boxes.filter(b=>b.checked).map(b=>b.dataset.standing));
for(const s of document.querySelectorAll('section.rule')){s.hidden=!(on.has(s.dataset.standing)&&(!suite.value||suite.value===s.dataset.suite));}
for(const g of document.querySelectorAll('[data-group]')){g.hidden=![...g.querySelectorAll('section.rule')].some(s=>!s.hidden);}}
boxes.forEach(b=>b.addEventListener('change',apply));suite.addEventListener('change',apply);apply();
for(const b of document.querySelectorAll('button.copy')){b.addEventListener('click',async()=>{
const text=b.previousElementSibling.textContent;
try{await navigator.clipboard.writeText(text);}catch{const r=document.createRange();r.selectNodeContents(b.previousElementSibling);
const sel=getSelection();sel.removeAllRanges();sel.addRange(r);document.execCommand('copy');}
b.textContent='copied';setTimeout(()=>b.textContent='copy',1500);});}
`;

/**
 * The page's Content-Security-Policy: its own style and script (by hash) and nothing else, no network at all. Every
 * text in the page is escaped already; should escaping ever miss, markup that got in still runs no script and
 * loads nothing (a merged report is made of files anyone could have written).
 */
export const HTML_POLICY = [
  "default-src 'none'",
  `style-src '${hashOf(HTML_STYLE)}'`,
  `script-src '${hashOf(HTML_SCRIPT)}'`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function hashOf(text: string): string {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}
