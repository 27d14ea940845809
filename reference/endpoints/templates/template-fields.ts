import type { RefContext } from '../../types.js';
import { parseFields } from '../feed/post-fields.js';
import type { Template } from './template-state.js';

type Render = (template: Template, ctx: RefContext) => unknown;

/** Template fields with the spec's types; objects whose insides are not shown stay empty (NS-05). */
const RENDERERS: Record<string, Render> = {
  id: (t) => t.id,
  name: (t) => t.name,
  language: (t) => t.language,
  category: (t) => t.category,
  correct_category: (t) => t.category,
  previous_category: (t) => t.previousCategory,
  components: (t) => t.components,
  status: (t, ctx) => (ctx.faults.has('templates-status-lowercase') ? t.status.toLowerCase() : t.status),
  rejected_reason: (t) => t.rejectedReason,
  parameter_format: (t) => t.parameterFormat,
  sub_category: (t) => t.subCategory,
  message_send_ttl_seconds: (t) => t.messageSendTtlSeconds,
  library_template_name: (t) => t.libraryTemplateName,
  product_set_id: (t) => t.productSetId,
  cta_url_link_tracking_opted_out: (t) => t.ctaUrlLinkTrackingOptedOut ?? false,
  quality_score: () => ({ score: 'UNKNOWN' }),
  bid_spec: () => ({}),
  degrees_of_freedom_spec: () => ({}),
};

/** What a read answers without `fields` (R24 leaves the defaults open). */
export const DEFAULT_TEMPLATE_FIELDS = [
  'id',
  'name',
  'language',
  'status',
  'category',
  'components',
  'parameter_format',
  'rejected_reason',
  'sub_category',
  'message_send_ttl_seconds',
];

export function templateFields(spec: string | undefined): string[] {
  return spec === undefined || spec.trim() === '' ? DEFAULT_TEMPLATE_FIELDS : parseFields(spec);
}

/** `id` always, each requested field that has a value; unknown names are left out rather than refused. */
export function renderTemplate(
  template: Template,
  fields: string[],
  ctx: RefContext,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of fields) {
    const value = RENDERERS[field]?.(template, ctx);
    if (value !== undefined) result[field] = value;
  }
  return result;
}
