import { describe, expect, it } from 'vitest';
import { hideUserinfo } from '../../../harness/redaction/url-userinfo.js';

describe('hideUserinfo', () => {
  it('hides the user name and password of every URL in a text', () => {
    expect(hideUserinfo('graphcheck: http://someone:hunter2@127.0.0.1:8080 (seed 1) and https://t0k3n@h.example/x')).toBe(
      'graphcheck: http://redacted@127.0.0.1:8080 (seed 1) and https://redacted@h.example/x',
    );
  });

  it('takes a password holding @ whole, up to the host', () => {
    expect(hideUserinfo("--target 'http://me:p@ss@host:1/p'")).toBe("--target 'http://redacted@host:1/p'");
  });

  it('leaves an @ after the host (path, query) and text without URLs alone', () => {
    for (const text of ['https://h.example/users/@me?by=a@b', 'mail me@example.com', 'http://127.0.0.1:8080/v25.0']) {
      expect(hideUserinfo(text)).toBe(text);
    }
  });
});
