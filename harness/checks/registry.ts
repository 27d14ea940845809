import type { RegisteredCheck } from './check.js';
import { collectionSize } from './collection-size.js';
import { errorOrField } from './error-or-field.js';
import { everyItem } from './every-item.js';
import { fieldIfPresent } from './field-if-present.js';
import { fieldNot } from './field-not.js';
import { inOrder } from './in-order.js';
import { okWhen } from './ok-when.js';
import { eachItemOnce } from './each-item-once.js';
import { afterGivesNext } from './after-gives-next.js';
import { secondPageDue } from './second-page-due.js';
import { walkItemCount } from './walk-item-count.js';
import { walkTotalCount } from './walk-total-count.js';
import { itemsPartitioned } from './items-partitioned.js';
import { error } from './error.js';
import { errorAnyBody } from './error-any-body.js';
import { jsonBody } from './json-body.js';
import { noRedirectParam } from './no-redirect-param.js';
import { sameOutcome } from './same-outcome.js';
import { field } from './field.js';
import { header } from './header.js';
import { htmlPage } from './html-page.js';
import { item } from './item.js';
import { newItem } from './new-item.js';
import { imageWithoutLocation } from './image-without-location.js';
import { itemTime } from './item-time.js';
import { imageSize } from './image-size.js';
import { itemsHave } from './items-have.js';
import { notErrorCode } from './not-error-code.js';
import { ok } from './ok.js';
import { pageSizeWithinLimit } from './page-size-within-limit.js';
import { redirect } from './redirect.js';
import { schema } from './schema.js';
import { exactlyOneOk, firstOkThenErrors } from './sequence.js';
import { clientCertificate } from './client-certificate.js';
import { notificationBatchSize } from './notification-batch-size.js';
import { notificationContentType } from './notification-content-type.js';
import { notificationEnvelope } from './notification-envelope.js';
import { notificationSignature } from './notification-signature.js';
import { notificationValuesForm } from './notification-values-form.js';
import { nothingWhileNotLive } from './nothing-while-not-live.js';
import { onlySubscribedFields } from './only-subscribed-fields.js';
import { retrySchedule } from './retry-schedule.js';
import { noAttemptAfterAck } from './no-attempt-after-ack.js';
import { nothingAfterUnsubscribe } from './nothing-after-unsubscribe.js';
import { subscriptionListed } from './subscription-listed.js';
import { updatesDelivered } from './updates-delivered.js';
import { verificationRequest } from './verification-request.js';
import { atMostOneOk } from './at-most-one-ok.js';
import { notificationValuesExclusive } from './notification-values-exclusive.js';
import { presentItemsMatch } from './present-items-match.js';
import { recordedSignature } from './recorded-signature.js';
import { requestQuery } from './request-query.js';
import { totalCountCoversPage } from './total-count-covers-page.js';
import { answerEchoes } from './answer-echoes.js';
import { answeredStatus } from './answered-status.js';
import { callbackRefused } from './callback-refused.js';
import { callbackTls } from './callback-tls.js';
import { codeAge } from './code-age.js';
import { noReuseAfterOk } from './no-reuse-after-ok.js';
import { registeredRedirectUri } from './registered-redirect-uri.js';
import { requestParam } from './request-param.js';
import { timeParamWindow } from './time-param-window.js';
import { timeParamRefused } from './time-param-refused.js';
import { codeAgeRefused } from './code-age-refused.js';
import { fieldIsParam } from './field-is-param.js';

/**
 * Every check a suite can name, by that name: the only list, a literal, so its names are a type (`CheckName`).
 * Suite loading, the suite schema's arguments and the engine read it (through `CHECKS`).
 */
export const CHECK_LIST = {
  ok,
  error,
  schema,
  field,
  item,
  'item-time': itemTime,
  'image-size': imageSize,
  'items-have': itemsHave,
  'each-item-once': eachItemOnce,
  'after-gives-next': afterGivesNext,
  'second-page-due': secondPageDue,
  'walk-total-count': walkTotalCount,
  'walk-item-count': walkItemCount,
  'items-partitioned': itemsPartitioned,
  'exactly-one-ok': exactlyOneOk,
  'first-ok-then-errors': firstOkThenErrors,
  'page-size-within-limit': pageSizeWithinLimit,
  'html-page': htmlPage,
  redirect,
  header,
  'not-error-code': notErrorCode,
  'every-item': everyItem,
  'in-order': inOrder,
  'error-or-field': errorOrField,
  'collection-size': collectionSize,
  'ok-when': okWhen,
  'field-not': fieldNot,
  'new-item': newItem,
  'image-without-location': imageWithoutLocation,
  'field-if-present': fieldIfPresent,
  // Conventions, the authorization window's methods and versions (authorization, versioning, conventions suites).
  'error-any-body': errorAnyBody,
  'no-redirect-param': noRedirectParam,
  'json-body': jsonBody,
  'same-outcome': sameOutcome,
  // Webhook subscriptions and delivery (subscriptions and webhooks suites).
  'verification-request': verificationRequest,
  'subscription-listed': subscriptionListed,
  'notification-signature': notificationSignature,
  'notification-content-type': notificationContentType,
  'notification-envelope': notificationEnvelope,
  'notification-values-form': notificationValuesForm,
  'notification-batch-size': notificationBatchSize,
  'updates-delivered': updatesDelivered,
  'only-subscribed-fields': onlySubscribedFields,
  'nothing-while-not-live': nothingWhileNotLive,
  'retry-schedule': retrySchedule,
  'no-attempt-after-ack': noAttemptAfterAck,
  'nothing-after-unsubscribe': nothingAfterUnsubscribe,
  'client-certificate': clientCertificate,
  // Passive checks over recorded traffic (`graphcheck check`): they need no facts from a run.
  'at-most-one-ok': atMostOneOk,
  'request-query': requestQuery,
  'recorded-signature': recordedSignature,
  'notification-values-exclusive': notificationValuesExclusive,
  'total-count-covers-page': totalCountCoversPage,
  'present-items-match': presentItemsMatch,
  'time-param-refused': timeParamRefused,
  'code-age-refused': codeAgeRefused,
  'field-is-param': fieldIsParam,
  // Client-side checks (`graphcheck check --side client`): the caller's own requests, with the traffic's facts.
  'request-param': requestParam,
  'no-reuse-after-ok': noReuseAfterOk,
  'code-age': codeAge,
  'time-param-window': timeParamWindow,
  'registered-redirect-uri': registeredRedirectUri,
  'answer-echoes': answerEchoes,
  // The app's callback under `graphcheck webhook-test` (answer-echoes above judges its echo too).
  'answered-status': answeredStatus,
  'callback-refused': callbackRefused,
  'callback-tls': callbackTls,
} as const satisfies Record<string, RegisteredCheck>;

/** The name of a shipped check (`ok`, `each-item-once`, ...). */
export type CheckName = keyof typeof CHECK_LIST;

/** Every check by name, as the engine looks one up; each key is its check's own name (checked as it loads). */
export const CHECKS: ReadonlyMap<string, RegisteredCheck> = byName<RegisteredCheck>(CHECK_LIST);

/** A literal registry as a map, each entry under the name its declaration carries. */
export function byName<T extends { name: string }>(list: Readonly<Record<string, T>>): ReadonlyMap<string, T> {
  for (const [key, entry] of Object.entries(list)) if (key !== entry.name) throw new Error(`registry key ${key} names ${entry.name}`);
  return new Map(Object.entries(list));
}

/** The check a loaded suite names (loading refuses a name no check has, so a miss here is graphcheck's own bug). */
export function checkNamed(name: string): RegisteredCheck {
  const check = CHECKS.get(name);
  if (!check) throw new Error(`no check is named ${name}: suites reach the engine loaded, and loading refuses unknown checks`);
  return check;
}

/** Splits an expectation (`ok` or `{ error: {...} }`) into the check and its arguments. */
export function resolveExpectation(expectation: string | Record<string, unknown>): { check?: RegisteredCheck; name: string; args: unknown } {
  if (typeof expectation === 'string') return { check: CHECKS.get(expectation), name: expectation, args: undefined };
  const [name, args] = Object.entries(expectation)[0] ?? ['', undefined];
  return { check: CHECKS.get(name), name, args };
}
