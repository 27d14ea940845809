import { invalidParam } from '../../graph-error.js';
import { readBool, readInt, readObject, readString } from '../../params.js';
import type { FaultSet } from '../../types.js';
import { checkComponents } from './component-rules.js';
import { checkCreateParams } from './field-types.js';
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
  const refused = faults.has('templates-listed-value-refused') && category === 'AUTHENTICATION';
  if (category === undefined || !CATEGORIES.includes(category) || refused) {
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

function readNumericString(params: Params, name: string, faults: FaultSet): string | undefined {
  const value = readString(params, name);
  const lenient = faults.has('templates-field-types-unchecked');
  if (value !== undefined && !/^\d+$/.test(value) && !lenient)
    throw invalidParam(`${name} must be a numeric string.`);
  return value;
}

/**
 * int64; under `templates-field-types-unchecked` anything that is not an integer is dropped silently, and under
 * `templates-ttl-not-saved` any value sent is kept as one day.
 */
function readTtl(params: Params, faults: FaultSet): number | undefined {
  if (faults.has('templates-ttl-not-saved') && params['message_send_ttl_seconds'] !== undefined) return 86_400;
  if (!faults.has('templates-field-types-unchecked')) return readInt(params, 'message_send_ttl_seconds');
  const value = Number(params['message_send_ttl_seconds']);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The category sent is the category kept: the service assigns another only when `allow_category_change` is true,
 * and the reference never does. Under `templates-recategorised` it moves every template to another category.
 */
function keptCategory(category: string, faults: FaultSet): string {
  if (!faults.has('templates-recategorised')) return category;
  return category === 'UTILITY' ? 'MARKETING' : 'UTILITY';
}

function readSubCategory(params: Params, faults: FaultSet): string | undefined {
  const value = readString(params, 'sub_category');
  const refused = faults.has('templates-listed-value-refused') && value === 'RICH_ORDER_STATUS';
  if (value !== undefined && (!SUB_CATEGORIES.includes(value) || refused) && !faults.has('templates-params-unchecked')) {
    throw invalidParam(`sub_category must be one of ${SUB_CATEGORIES.join(', ')}.`);
  }
  return value;
}

/** POST `/{waba}/message_templates`: name, language and category required; the rest type-checked (R1). */
export function readCreateInput(params: Params, faults: FaultSet): TemplateInput {
  const input: TemplateInput = {
    name: required(params, 'name', faults),
    language: required(params, 'language', faults),
    category: keptCategory(readCategory(params, faults, true) ?? 'UTILITY', faults),
    components: params['components'] === undefined ? [] : checkComponents(params['components'], faults),
    parameterFormat: readParameterFormat(params, faults) ?? 'POSITIONAL',
    subCategory: readSubCategory(params, faults),
    messageSendTtlSeconds: readTtl(params, faults),
    libraryTemplateName: readString(params, 'library_template_name'),
    productSetId: readNumericString(params, 'product_set_id', faults),
    ctaUrlLinkTrackingOptedOut: readBool(params, 'cta_url_link_tracking_opted_out'),
  };
  checkCreateParams(params, faults);
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
    productSetId: readNumericString(params, 'product_set_id', faults),
  };
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}
