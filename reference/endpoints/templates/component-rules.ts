import { GraphError, invalidParam } from '../../graph-error.js';
import { readList, toObject } from '../../params.js';
import type { FaultSet } from '../../types.js';
import { BUTTON_TYPES, checkButtonFields, checkComponentFields } from './field-types.js';
import type { Component } from './template-state.js';

const COMPONENT_TYPES = [
  'GREETING',
  'HEADER',
  'BODY',
  'FOOTER',
  'BUTTONS',
  'CAROUSEL',
  'ALBUM',
  'LIMITED_TIME_OFFER',
  'CALL_PERMISSION_REQUEST',
  'TAP_TARGET_CONFIGURATION',
  'ATTACHMENT',
];
const FORMATS = ['TEXT', 'IMAGE', 'DOCUMENT', 'VIDEO', 'LOCATION', 'GIF', 'COLLECTION'];

/** Code 131009: a template value outside what the interface allows (R1 lets templates use 100 or 131009). */
export function invalidValue(message: string): GraphError {
  return new GraphError(131009, `(#131009) Parameter value is not valid: ${message}`);
}

/** `components`: an array (or JSON array) of component objects, each checked (R1, R19). */
export function checkComponents(value: unknown, faults: FaultSet): Component[] {
  const lenient = faults.has('templates-field-types-unchecked') && !Array.isArray(value) && !/^\s*\[/.test(String(value));
  const items = lenient ? [] : (readList({ components: value }, 'components') ?? []);
  return items.map((item, i) =>
    checkComponent(toObject(item, `components[${i}]`) ?? {}, `components[${i}]`, faults),
  );
}

/** `type` in the enum; BODY needs `text`; HEADER needs `text` when its format is TEXT (the default) (R19). */
function checkComponent(component: Component, where: string, faults: FaultSet): Component {
  const { type, format, text } = component;
  if (typeof type !== 'string') throw invalidParam(`${where}.type is required and must be a string.`);
  if (!COMPONENT_TYPES.includes(type) && !faults.has('templates-component-type-unchecked')) {
    throw invalidValue(`${where}.type ${type} is not a component type.`);
  }
  const badFormat = format !== undefined && (typeof format !== 'string' || !FORMATS.includes(format));
  if (badFormat && !faults.has('templates-params-unchecked')) {
    throw invalidValue(`${where}.format must be one of ${FORMATS.join(', ')}.`);
  }
  if (text !== undefined && typeof text !== 'string') throw invalidParam(`${where}.text must be a string.`);
  const hasText = typeof text === 'string' && text !== '';
  if (type === 'BODY' && !hasText && !faults.has('templates-body-text-optional')) {
    throw invalidValue(`${where}: a BODY component needs text.`);
  }
  const textHeader = type === 'HEADER' && (format ?? 'TEXT') === 'TEXT';
  if (textHeader && !hasText && !faults.has('templates-header-text-optional')) {
    throw invalidValue(`${where}: a HEADER component with format TEXT needs text.`);
  }
  if (component['buttons'] !== undefined) checkButtons(component['buttons'], where, faults);
  const lenient = faults.has('templates-field-types-unchecked');
  if (component['example'] !== undefined && !lenient) checkExample(component['example'], `${where}.example`);
  checkComponentFields(component, where, faults);
  return { ...component };
}

function checkButtons(value: unknown, where: string, faults: FaultSet): void {
  if (!Array.isArray(value)) throw invalidParam(`${where}.buttons must be an array.`);
  value.forEach((item, j) => {
    const at = `${where}.buttons[${j}]`;
    const button = toObject(item, at) ?? {};
    const type = button['type'] === undefined && faults.has('templates-button-type-optional') ? 'QUICK_REPLY' : button['type'];
    if (typeof type !== 'string') throw invalidParam(`${at}.type is required and must be a string.`);
    if (!BUTTON_TYPES.includes(type) && !faults.has('templates-component-type-unchecked')) {
      throw invalidValue(`${at}.type ${type} is not a button type.`);
    }
    for (const key of ['text', 'url', 'phone_number']) {
      if (button[key] !== undefined && typeof button[key] !== 'string') {
        throw invalidParam(`${at}.${key} must be a string.`);
      }
    }
    if (type === 'PHONE_NUMBER' && !isPhoneNumber(button['phone_number'])) invalidPhone(at, faults);
    if (button['example'] !== undefined && !isStringList(button['example'])) {
      throw invalidParam(`${at}.example must be an array of strings.`);
    }
    checkButtonFields(button, at, faults);
  });
}

/** Digits with an optional leading +, 7 to 15 of them (E.164), spaces, dashes and brackets allowed. */
export function isPhoneNumber(value: unknown): boolean {
  return typeof value === 'string' && /^\+?\d{7,15}$/.test(value.replace(/[\s().-]/g, ''));
}

/** Code 192 "Invalid phone number" (spec Errors: template create and update). */
function invalidPhone(at: string, faults: FaultSet): never {
  const message = `${at}.phone_number is not a valid phone number.`;
  if (faults.has('templates-phone-number-wrong-code')) throw invalidParam(message);
  throw new GraphError(192, `(#192) ${message}`);
}

const isStringList = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isNamedParams = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every((item) => {
    const { param_name, example } = (item ?? {}) as Record<string, unknown>;
    return typeof param_name === 'string' && typeof example === 'string';
  });

const EXAMPLE_FIELDS: Record<string, (value: unknown) => boolean> = {
  header_text: isStringList,
  header_handle: isStringList,
  body_text: (value) => Array.isArray(value) && value.every(isStringList),
  header_text_named_params: isNamedParams,
  body_text_named_params: isNamedParams,
};

/** The `example` object's stated fields must have their stated types; other keys are left alone. */
function checkExample(value: unknown, where: string): void {
  const example = toObject(value, where) ?? {};
  for (const [key, valid] of Object.entries(EXAMPLE_FIELDS)) {
    if (example[key] !== undefined && !valid(example[key])) {
      throw invalidParam(`${where}.${key} does not have the stated type.`);
    }
  }
}
