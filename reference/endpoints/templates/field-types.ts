import { invalidParam } from '../../graph-error.js';
import { readBool, readList, readObject, toInt, toObject } from '../../params.js';
import type { FaultSet } from '../../types.js';

type Params = Record<string, unknown>;
type Check = (value: unknown, at: string) => void;

/** Button `type` (spec: Button object fields). */
export const BUTTON_TYPES = [
  'QUICK_REPLY',
  'URL',
  'PHONE_NUMBER',
  'OTP',
  'MPM',
  'CATALOG',
  'FLOW',
  'VOICE_CALL',
  'VIDEO_CALL',
  'POSTBACK',
  'BOOKING_STATUS',
  'PAYMENT_REQUEST',
  'REQUEST_CONTACT_INFO',
];

const OTP_TYPES = ['COPY_CODE', 'ONE_TAP', 'ZERO_TAP', 'NO_BUTTONS'];
const FLOW_ACTIONS = ['NAVIGATE', 'DATA_EXCHANGE'];
const ICONS = ['DOCUMENT', 'PROMOTION', 'REVIEW'];

const string: Check = (value, at) => {
  if (typeof value !== 'string') throw invalidParam(`${at} must be a string.`);
};
const numericString: Check = (value, at) => {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw invalidParam(`${at} must be a numeric string.`);
};
const boolean: Check = (value, at) => {
  if (typeof value !== 'boolean' && value !== 'true' && value !== 'false')
    throw invalidParam(`${at} must be a boolean.`);
};
const int64: Check = (value, at) => {
  toInt(value, at);
};
const object: Check = (value, at) => {
  toObject(value, at);
};
const uri: Check = (value, at) => {
  if (typeof value !== 'string' || !URL.canParse(value)) throw invalidParam(`${at} must be a URI.`);
};
const oneOf =
  (values: string[]): Check =>
  (value, at) => {
    if (typeof value !== 'string' || !values.includes(value))
      throw invalidParam(`${at} must be one of ${values.join(', ')}.`);
  };
const listOf =
  (item: Check): Check =>
  (value, at) => {
    if (!Array.isArray(value)) throw invalidParam(`${at} must be an array.`);
    value.forEach((v, i) => item(v, `${at}[${i}]`));
  };
/** An object whose listed keys are required and whose stated fields have their types. */
const shaped =
  (fields: Record<string, Check>, required: string[] = []): Check =>
  (value, at) => {
    const obj = toObject(value, at) ?? {};
    for (const key of required) if (obj[key] === undefined) throw invalidParam(`${at}.${key} is required.`);
    for (const [key, check] of Object.entries(fields)) if (obj[key] !== undefined) check(obj[key], `${at}.${key}`);
  };

const supportedApps = listOf(
  shaped({ package_name: string, signature_hash: string }, ['package_name', 'signature_hash']),
);
const urlInput = shaped({ base_url: string, url_suffix_example: string }, ['base_url']);

/** Component fields the create table types, beyond `type`, `format`, `text`, `buttons` and `example`. */
const COMPONENT_FIELDS: Record<string, Check> = {
  creative_sourcing_spec: object,
  associated_product_set_id: numericString,
  is_primary_device_delivery_only: boolean,
};

/** Button fields of the spec's list, beyond `type`, `text`, `url`, `phone_number` and `example`. */
const BUTTON_FIELDS: Record<string, Check> = {
  url: uri,
  flow_id: int64,
  zero_tap_terms_accepted: boolean,
  navigate_screen: string,
  supported_apps: supportedApps,
  ttl_minutes: int64,
  flow_name: string,
  flow_json: string,
  endpoint_uri: uri,
};

/** The two enums of a FLOW button (`flow_action`, `icon`): values outside them are refused. */
const BUTTON_ENUMS: Record<string, Check> = { flow_action: oneOf(FLOW_ACTIONS), icon: oneOf(ICONS) };

const BUTTON_INPUT = shaped(
  {
    type: oneOf(BUTTON_TYPES),
    phone_number: string,
    url: urlInput,
    otp_type: oneOf(OTP_TYPES),
    zero_tap_terms_accepted: boolean,
    supported_apps: supportedApps,
    booking_url: urlInput,
    booking_management_url: urlInput,
    notes: shaped(
      {
        text: string,
        positional_params: listOf(string),
        named_params: listOf(shaped({ param_name: string, example: string }, ['param_name', 'example'])),
      },
      ['text'],
    ),
  },
  ['type'],
);

const BODY_INPUTS = shaped({
  add_contact_number: boolean,
  add_learn_more_link: boolean,
  add_security_recommendation: boolean,
  add_track_package_link: boolean,
  code_expiration_minutes: int64,
});

function checkFields(item: Params, at: string, fields: Record<string, Check>): void {
  for (const [key, check] of Object.entries(fields)) if (item[key] !== undefined) check(item[key], `${at}.${key}`);
}

/** A component's typed fields (R1: a value outside the stated type is an invalid parameter). */
export function checkComponentFields(component: Params, at: string, faults: FaultSet): void {
  if (faults.has('templates-field-types-unchecked')) return;
  checkFields(component, at, COMPONENT_FIELDS);
}

/** A button's typed fields and its FLOW enums. */
export function checkButtonFields(button: Params, at: string, faults: FaultSet): void {
  if (!faults.has('templates-field-types-unchecked')) checkFields(button, at, BUTTON_FIELDS);
  if (!faults.has('templates-flow-button-unchecked')) checkFields(button, at, BUTTON_ENUMS);
}

/** The create parameters the table types beyond name, language, category and the enums. */
export function checkCreateParams(params: Params, faults: FaultSet): void {
  if (faults.has('templates-field-types-unchecked')) return;
  readBool(params, 'allow_category_change');
  if (params['library_template_body_inputs'] !== undefined)
    BODY_INPUTS(params['library_template_body_inputs'], 'library_template_body_inputs');
  const buttons = readList(params, 'library_template_button_inputs');
  buttons?.forEach((b, i) => BUTTON_INPUT(b, `library_template_button_inputs[${i}]`));
  readObject(params, 'optimization_spec');
}
