import { faultsOf } from './faults-of.js';

/** Deliberate bugs of the message template endpoints; each makes a rule fail. */
export const TEMPLATES_FAULTS = faultsOf('templates', {
  'templates-approved-without-examples':
    'Templates with placeholders and no `example` are APPROVED after review (breaks R26).',
  'templates-page-token-accepted':
    'Template endpoints serve a Page token as if it were the `msgapp` user token (breaks R42).',
  'templates-body-text-optional': 'A BODY component without `text` is accepted.',
  'templates-header-text-optional': 'A HEADER component with `format` TEXT and no `text` is accepted.',
  'templates-component-type-unchecked': 'Component and button `type` values outside their enums are accepted.',
  'templates-phone-number-wrong-code': 'An invalid PHONE_NUMBER button number gives code 100 instead of 192.',
  'templates-category-unchecked':
    'A missing `category`, or one outside UTILITY, MARKETING, AUTHENTICATION, is accepted.',
  'templates-name-language-optional': 'Create without `name` or `language` is accepted.',
  'templates-create-response-shape': 'Create answers `id` as a JSON number and leaves out `category`.',
  'templates-update-response-shape': 'Update answers `{success}` without id, name, category.',
  'templates-status-lowercase': 'Template `status` reads in lower case (`approved`).',
  'templates-delete-ignored': 'DELETE `/{waba}/message_templates` answers success but the template stays as it was.',
  'templates-delete-by-name-keeps-one-language':
    'DELETE `/{waba}/message_templates` by `name` alone dissociates every language of that name but the latest made.',
  'templates-hsm-ids-unchecked':
    'DELETE with `hsm_ids` that is not an array of numeric strings answers success and deletes nothing.',
  'templates-params-unchecked':
    '`parameter_format`, `sub_category` and component `format` values outside their enums are accepted.',
  'templates-app-token-accepted':
    'Template endpoints serve the app access token as if it were the `msgapp` user token.',
  'templates-read-without-token': 'Template endpoints serve a request without `access_token`.',
  'templates-recategorised': 'Create assigns another category than the one sent, without `allow_category_change`.',
  'templates-listed-value-refused':
    'Create refuses the listed values `category=AUTHENTICATION` and `sub_category=RICH_ORDER_STATUS`.',
  'templates-field-types-unchecked':
    'Wrong-typed create parameters, component fields, button fields and `example` shapes are accepted.',
  'templates-button-type-optional': 'A button without `type` is accepted (taken as QUICK_REPLY).',
  'templates-flow-button-unchecked': 'A button `flow_action` or `icon` outside its enum is accepted.',
  'templates-refusal-wrong-code':
    'Invalid values on template create and update answer code 1 instead of 100 or 131009.',
  'templates-update-not-saved': 'Update answers success but the template keeps its old values.',
  'templates-delete-spills': 'DELETE of some templates dissociates every template of the account.',
  'templates-hsm-id-deletes-every-language':
    'DELETE with `hsm_id` and `name` dissociates every language of that name, not only the template named by id.',
  'templates-create-fields-ignored': 'Create ignores `fields` (no read-after-write): it answers `{id, status, category}`.',
  'templates-hsm-id-alone-accepted':
    'DELETE with `hsm_id` and no `name` deletes that template instead of being refused.',
  'templates-list-refused':
    '`GET /{waba}/message_templates` answers an error while a template is under review (PENDING).',
  'templates-query-params-ignored':
    'Create reads its parameters from the body only: those sent in the query string are ignored.',
  'templates-ttl-not-saved': 'Create keeps `message_send_ttl_seconds` as one day (86400), whatever was sent.',
});
