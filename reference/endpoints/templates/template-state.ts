import { FIXTURES } from '../../fixtures.js';
import { buildNumbered, defineSlice } from '../../state-store.js';
import type { UnixSeconds } from '../../types.js';

export const CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'];

export type Component = Record<string, unknown>;

export interface Template {
  /** Numeric string. */
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  previousCategory?: string;
  components: Component[];
  /** One of the spec's status enum. */
  status: string;
  rejectedReason: string;
  parameterFormat: 'NAMED' | 'POSITIONAL';
  subCategory?: string;
  messageSendTtlSeconds?: number;
  libraryTemplateName?: string;
  productSetId?: string;
  ctaUrlLinkTrackingOptedOut?: boolean;
  /** When a PENDING template's review ends on the virtual clock. */
  reviewAt?: UnixSeconds;
}

export interface TemplateState {
  templates: Map<string, Template>;
  nextNumber: number;
}

const FIRST_ID = 3_100_001;
/** How long review takes on the virtual clock; the spec states no time (NS-07). */
export const REVIEW_SECONDS = 3600;

const HELLO: Component[] = [
  { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
  { type: 'BODY', text: 'Welcome and congratulations! This message comes from the reference target.' },
  { type: 'FOOTER', text: 'Reference target' },
];
const ORDER: Component[] = [
  { type: 'BODY', text: 'Your order {{1}} has shipped.', example: { body_text: [['12345']] } },
];

/** Two approved templates of the fixture messaging business account. */
export const templatesSlice = defineSlice<TemplateState>('templates', (ctx) => {
  const state: TemplateState = { templates: new Map(), nextNumber: FIRST_ID };
  if (ctx.fixtures === 'empty') return { ...state, nextNumber: FIRST_ID + 2 };
  for (const [name, components] of [
    ['hello_world', HELLO],
    ['order_shipped', ORDER],
  ] as const) {
    addTemplate(state, (id) => ({
      id,
      wabaId: FIXTURES.msgapp_business_account_id,
      name,
      language: 'en_US',
      category: 'UTILITY',
      components: [...components],
      status: 'APPROVED',
      rejectedReason: 'NONE',
      parameterFormat: 'POSITIONAL',
    }));
  }
  return state;
});

export function addTemplate(state: TemplateState, build: (id: string) => Template): Template {
  const template = buildNumbered(state, build);
  state.templates.set(template.id, template);
  return template;
}

/** The account's templates that were not deleted, oldest first. */
export function liveTemplates(state: TemplateState, wabaId: string): Template[] {
  return [...state.templates.values()].filter((t) => t.wabaId === wabaId && t.status !== 'DELETED');
}
