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

/** Every check a suite can name, looked up by name in this one map. */
const ALL: RegisteredCheck[] = [
  ok,
  error,
  schema,
  field,
  item,
  itemTime,
  imageSize,
  itemsHave,
  eachItemOnce,
  afterGivesNext,
  secondPageDue,
  walkTotalCount,
  walkItemCount,
  itemsPartitioned,
  exactlyOneOk,
  firstOkThenErrors,
  pageSizeWithinLimit,
  htmlPage,
  redirect,
  header,
  notErrorCode,
  everyItem,
  inOrder,
  errorOrField,
  collectionSize,
  okWhen,
  fieldNot,
  newItem,
  imageWithoutLocation,
  fieldIfPresent,
  // Conventions, the authorization window's methods and versions (authorization, versioning, conventions suites).
  errorAnyBody,
  noRedirectParam,
  jsonBody,
  sameOutcome,
  // Webhook subscriptions and delivery (subscriptions and webhooks suites).
  verificationRequest,
  subscriptionListed,
  notificationSignature,
  notificationContentType,
  notificationEnvelope,
  notificationValuesForm,
  notificationBatchSize,
  updatesDelivered,
  onlySubscribedFields,
  nothingWhileNotLive,
  retrySchedule,
  noAttemptAfterAck,
  nothingAfterUnsubscribe,
  clientCertificate,
  // Passive checks over recorded traffic (`graphcheck check`): they need no facts from a run.
  atMostOneOk,
  requestQuery,
  recordedSignature,
  notificationValuesExclusive,
  totalCountCoversPage,
  presentItemsMatch,
  timeParamRefused,
  codeAgeRefused,
  fieldIsParam,
  // Client-side checks (`graphcheck check --side client`): the caller's own requests, with the traffic's facts.
  requestParam,
  noReuseAfterOk,
  codeAge,
  timeParamWindow,
  registeredRedirectUri,
  answerEchoes,
  // The app's callback under `graphcheck webhook-test` (answer-echoes above judges its echo too).
  answeredStatus,
  callbackRefused,
  callbackTls,
];

/** Every check by name: the only list. Suite loading, the suite schema's arguments and the engine read it. */
export const CHECKS: ReadonlyMap<string, RegisteredCheck> = new Map(ALL.map((c) => [c.name, c]));

/** Splits an expectation (`ok` or `{ error: {...} }`) into the check and its arguments. */
export function resolveExpectation(expectation: string | Record<string, unknown>): { check?: RegisteredCheck; name: string; args: unknown } {
  if (typeof expectation === 'string') return { check: CHECKS.get(expectation), name: expectation, args: undefined };
  const [name, args] = Object.entries(expectation)[0] ?? ['', undefined];
  return { check: CHECKS.get(name), name, args };
}
