import { invalidParam } from '../../graph-error.js';
import { readBool, readInt, readList, readObject, readString } from '../../params.js';
import type { FaultSet } from '../../types.js';
import { checkComponents } from './component-rules.js';
import { CATEGORIES, type Template } from './template-state.js';

type Params = Record<string, unknown>;

export type TemplateInput = Omit<Template, 'id' | 'wabaId' | 'status' | 'rejectedReason' | 'reviewAt'>;
export type TemplateChange = Partial<
  Pick<Template, 'category' | 'components' | 'messageSendTtlSeconds' | 'parameterFormat' | 'productSetId'>
>;

const PARAMETER_FORMATS = ['NAMED', 'POSITIONAL'] as const;
const SUB_CATEGORIES = ['ORDER_DETAILS', 'ORDER_STATUS', 'RICH_ORDER_STATUS'];

function required(params: Params, name: string, faults: FaultSet): string {
  const value = readString(params, name);
  if ((value === undefined || value === '') && !faults.has('templates-name-language-optional')) {
    throw invalidParam(`${name} is required.`);
  }
  return value ?? '';
}

function readCategory(params: Params, faults: FaultSet, needed: boolean): string | undefined {
  const category = readString(params, 'category');
  if (faults.has('templates-category-unchecked')) return category;
  if (category === undefined && !needed) return undefined;
  if (category === undefined || !CATEGORIES.includes(category)) {
    throw invalidParam(`category is required and must be one of ${CATEGORIES.join(', ')}.`);
  }
  return category;
}

/** `NAMED` or `POSITIONAL`, compared case-insensitively (R43), kept in upper case. */
function readParameterFormat(params: Params, faults: FaultSet): Template['parameterFormat'] | undefined {
  const value = readString(params, 'parameter_format')?.toUpperCase();
  if (value === undefined) return undefined;
  const known = PARAMETER_FORMATS.find((format) => format === value);
  if (!known && faults.has('templates-params-unchecked')) return undefined;
  if (!known) throw invalidParam('parameter_format must be NAMED or POSITIONAL.');
  return known;
}

function readNumericString(params: Params, name: string): string | undefined {
  const value = readString(params, name);
  if (value !== undefined && !/^\d+$/.test(value)) throw invalidParam(`${name} must be a numeric string.`);
  return value;
}

function readSubCategory(params: Params, faults: FaultSet): string | undefined {
  const value = readString(params, 'sub_category');
  if (value !== undefined && !SUB_CATEGORIES.includes(value) && !faults.has('templates-params-unchecked')) {
    throw invalidParam(`sub_category must be one of ${SUB_CATEGORIES.join(', ')}.`);
  }
  return value;
}

/** POST `/{waba}/message_templates`: name, language and category required; the rest type-checked (R1). */
export function readCreateInput(params: Params, faults: FaultSet): TemplateInput {
  const input: TemplateInput = {
    name: required(params, 'name', faults),
    language: required(params, 'language', faults),
    category: readCategory(params, faults, true) ?? 'UTILITY',
    components: params['components'] === undefined ? [] : checkComponents(params['components'], faults),
    parameterFormat: readParameterFormat(params, faults) ?? 'POSITIONAL',
    subCategory: readSubCategory(params, faults),
    messageSendTtlSeconds: readInt(params, 'message_send_ttl_seconds'),
    libraryTemplateName: readString(params, 'library_template_name'),
    productSetId: readNumericString(params, 'product_set_id'),
    ctaUrlLinkTrackingOptedOut: readBool(params, 'cta_url_link_tracking_opted_out'),
  };
  readBool(params, 'allow_category_change');
  readObject(params, 'library_template_body_inputs');
  readList(params, 'library_template_button_inputs');
  readObject(params, 'optimization_spec');
  return input;
}

/** POST `/{template_id}`: only the stated updatable parameters; each checked as on create. */
export function readChange(params: Params, faults: FaultSet): TemplateChange {
  readObject(params, 'creative_sourcing_spec');
  const change: TemplateChange = {
    category: readCategory(params, faults, false),
    components:
      params['components'] === undefined ? undefined : checkComponents(params['components'], faults),
    messageSendTtlSeconds: readInt(params, 'message_send_ttl_seconds'),
    parameterFormat: readParameterFormat(params, faults),
    productSetId: readNumericString(params, 'product_set_id'),
  };
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}
