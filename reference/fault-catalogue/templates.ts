import type { FaultCatalogue } from '../webhook-seam.js';

const area = 'templates';

/** Deliberate bugs of the message template endpoints; each makes a rule fail. */
export const TEMPLATES_FAULTS: FaultCatalogue = {
  'templates-approved-without-examples': {
    area,
    description: 'Templates with placeholders and no `example` are APPROVED after review (breaks R26).',
  },
  'templates-page-token-accepted': {
    area,
    description: 'Template endpoints serve a Page token as if it were the `msgapp` user token (breaks R42).',
  },
  'templates-body-text-optional': { area, description: 'A BODY component without `text` is accepted.' },
  'templates-header-text-optional': {
    area,
    description: 'A HEADER component with `format` TEXT and no `text` is accepted.',
  },
  'templates-component-type-unchecked': {
    area,
    description: 'Component and button `type` values outside their enums are accepted.',
  },
  'templates-phone-number-wrong-code': {
    area,
    description: 'An invalid PHONE_NUMBER button number gives code 100 instead of 192.',
  },
  'templates-category-unchecked': {
    area,
    description: 'A missing `category`, or one outside UTILITY, MARKETING, AUTHENTICATION, is accepted.',
  },
  'templates-name-language-optional': {
    area,
    description: 'Create without `name` or `language` is accepted.',
  },
  'templates-create-response-shape': {
    area,
    description: 'Create answers `id` as a JSON number and leaves out `category`.',
  },
  'templates-update-response-shape': {
    area,
    description: 'Update answers `{success}` without id, name, category.',
  },
  'templates-status-lowercase': { area, description: 'Template `status` reads in lower case (`approved`).' },
  'templates-delete-ignored': {
    area,
    description: 'DELETE `/{waba}/message_templates` answers success but the template stays as it was.',
  },
  'templates-hsm-ids-unchecked': {
    area,
    description: 'DELETE with `hsm_ids` that is not an array of numeric strings answers success and deletes nothing.',
  },
  'templates-params-unchecked': {
    area,
    description: '`parameter_format`, `sub_category` and component `format` values outside their enums are accepted.',
  },
};
