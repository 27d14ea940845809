import type { RefContext, UnixSeconds } from '../../types.js';
import { type Component, REVIEW_SECONDS, type Template, templatesSlice } from './template-state.js';

/** `{{1}}` (positional) or `{{name}}` (named). */
const PLACEHOLDER = /\{\{\s*(?:\d+|[A-Za-z_]\w*)\s*\}\}/;

const hasPlaceholder = (value: unknown): boolean => typeof value === 'string' && PLACEHOLDER.test(value);

const isFilled = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.length > 0
    : typeof value === 'object' && value !== null && Object.keys(value).length > 0;

/**
 * "Templates are not approved without examples" (R26): a component whose text has a placeholder needs a
 * non-empty `example`, and so does a button whose text or URL has one.
 */
export function lacksExamples(components: Component[]): boolean {
  return components.some((component) => {
    if (hasPlaceholder(component['text']) && !isFilled(component['example'])) return true;
    const buttons = Array.isArray(component['buttons']) ? (component['buttons'] as unknown[]) : [];
    return buttons.some((item) => {
      const button = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      return (
        (hasPlaceholder(button['url']) || hasPlaceholder(button['text'])) && !isFilled(button['example'])
      );
    });
  });
}

/** A new or changed template waits for review; the spec leaves the status sequence open (NS-07). */
export function startReview(template: Template, now: UnixSeconds): void {
  template.status = 'PENDING';
  template.rejectedReason = 'NONE';
  template.reviewAt = now + REVIEW_SECONDS;
}

/** Clock hook: reviews that are due end APPROVED, or REJECTED when examples are missing (R26). */
export function reviewDue(ctx: RefContext, now: UnixSeconds): void {
  const lenient = ctx.faults.has('templates-approved-without-examples');
  for (const template of ctx.state.get(templatesSlice).templates.values()) {
    if (template.status !== 'PENDING' || template.reviewAt === undefined || template.reviewAt > now) continue;
    const refused = lacksExamples(template.components) && !lenient;
    template.status = refused ? 'REJECTED' : 'APPROVED';
    template.rejectedReason = refused ? 'INVALID_FORMAT' : 'NONE';
    template.reviewAt = undefined;
  }
}
