import { GraphError, invalidParam, unsupported } from '../graph-error.js';
import { readString } from '../params.js';
import type { EndpointGroup, RefContext, RefRequest, RefResponse, Route } from '../types.js';
import { compareVersions } from '../versions.js';
import { withoutQueryParams } from './feed.js';
import { paginate } from './paging.js';
import { READ_PERMISSIONS, requireMsgappToken } from './templates/template-access.js';
import { templatesToDelete } from './templates/template-delete.js';
import { renderTemplate, templateFields } from './templates/template-fields.js';
import { readChange, readCreateInput } from './templates/template-input.js';
import { reviewDue, startReview } from './templates/template-review.js';
import { addTemplate, liveTemplates, type Template, templatesSlice } from './templates/template-state.js';

const isAccount = (params: Record<string, string>, ctx: RefContext): boolean =>
  params['waba_id'] === ctx.profile.fixtures['msgapp_business_account_id'];

const isTemplate = (params: Record<string, string>, ctx: RefContext): boolean =>
  ctx.state.get(templatesSlice).templates.has(params['template_id'] ?? '');

function templateOf(req: RefRequest, ctx: RefContext): Template {
  const template = ctx.state.get(templatesSlice).templates.get(req.pathParams['template_id'] ?? '');
  if (!template) throw new Error('route accepted a template id that does not exist');
  return template;
}

/**
 * Invalid values of template create and update are code 100 or 131009 (R1). Under `templates-refusal-wrong-code`
 * they answer code 1 (an unknown error) instead.
 */
function withStatedCode<T>(ctx: RefContext, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const stated = error instanceof GraphError && (error.code === 100 || error.code === 131009);
    if (stated && ctx.faults.has('templates-refusal-wrong-code')) throw new GraphError(1, 'An unknown error occurred');
    throw error;
  }
}

/** GET `/{waba}/message_templates`: shape not shown (NS-14); a list result, `name`/`status` filters. */
function list(req: RefRequest, ctx: RefContext): RefResponse {
  requireMsgappToken(req, ctx);
  const name = readString(req.params, 'name');
  const status = readString(req.params, 'status');
  const live = liveTemplates(ctx.state.get(templatesSlice), req.pathParams['waba_id'] ?? '');
  if (ctx.faults.has('templates-list-refused') && live.some((t) => t.status === 'PENDING')) {
    throw invalidParam('Templates under review cannot be listed.');
  }
  const templates = live.filter(
    (t) => (name === undefined || t.name === name) && (status === undefined || t.status === status),
  );
  const page = paginate(templates, (t) => t.id, req, ctx);
  const fields = templateFields(readString(req.params, 'fields'));
  return {
    status: 200,
    body: { data: page.data.map((t) => renderTemplate(t, fields, ctx)), paging: page.paging },
  };
}

/** POST `/{waba}/message_templates`: `{id, status, category}`, or the read fields `fields` asks; review runs on the clock. */
function create(sent: RefRequest, ctx: RefContext): RefResponse {
  const req = ctx.faults.has('templates-query-params-ignored') ? withoutQueryParams(sent) : sent;
  requireMsgappToken(req, ctx);
  const input = withStatedCode(ctx, () => readCreateInput(req.params, ctx.faults));
  const template = addTemplate(ctx.state.get(templatesSlice), (id) => ({
    ...input,
    id,
    wabaId: req.pathParams['waba_id'] ?? '',
    status: 'PENDING',
    rejectedReason: 'NONE',
  }));
  startReview(template, ctx.clock.now());
  // Read-after-write: `fields` picks the read fields the result holds (under its fault, it is ignored).
  const asked = readString(req.params, 'fields');
  if (asked !== undefined && asked.trim() !== '' && !ctx.faults.has('templates-create-fields-ignored')) {
    return { status: 200, body: renderTemplate(template, templateFields(asked), ctx) };
  }
  const { id, status, category } = renderTemplate(template, ['id', 'status', 'category'], ctx);
  if (ctx.faults.has('templates-create-response-shape'))
    return { status: 200, body: { id: Number(id), status } };
  return { status: 200, body: { id, status, category } };
}

/** GET `/{template_id}` (R24: `fields` optional). A deleted template reads status DELETED (R25). */
function read(req: RefRequest, ctx: RefContext): RefResponse {
  requireMsgappToken(req, ctx, READ_PERMISSIONS);
  const fields = templateFields(readString(req.params, 'fields'));
  return { status: 200, body: renderTemplate(templateOf(req, ctx), fields, ctx) };
}

/** POST `/{template_id}`: `{success, id, name, category}`; a changed template is reviewed again. */
function update(req: RefRequest, ctx: RefContext): RefResponse {
  requireMsgappToken(req, ctx);
  const template = templateOf(req, ctx);
  if (template.status === 'DELETED') throw invalidParam(`Template ${template.id} was deleted.`);
  const change = withStatedCode(ctx, () => readChange(req.params, ctx.faults));
  if (change.category !== undefined && change.category !== template.category) {
    template.previousCategory = template.category;
  }
  if (!ctx.faults.has('templates-update-not-saved')) Object.assign(template, change);
  if (change.category !== undefined || change.components !== undefined)
    startReview(template, ctx.clock.now());
  if (ctx.faults.has('templates-update-response-shape')) return { status: 200, body: { success: true } };
  const { id, name, category } = template;
  return { status: 200, body: { success: true, id, name, category } };
}

/** DELETE `/{waba}/message_templates` by `name`, `hsm_id` + `name`, or `hsm_ids`: `{success: true}`. */
function remove(req: RefRequest, ctx: RefContext): RefResponse {
  requireMsgappToken(req, ctx);
  const live = liveTemplates(ctx.state.get(templatesSlice), req.pathParams['waba_id'] ?? '');
  const named = templatesToDelete(req.params, live, ctx.faults);
  const doomed = ctx.faults.has('templates-delete-spills') ? live : named;
  if (!ctx.faults.has('templates-delete-ignored')) {
    for (const template of doomed) template.status = 'DELETED';
  }
  return { status: 200, body: { success: true } };
}

/** Message templates of the fixture messaging business account, and `/{template_id}`. */
/**
 * `versioning-templates-latest-only`: the template routes exist under the latest version and the bare path only, as
 * if the area had been added to the newest router alone; under an older usable version they are unsupported.
 */
function routedUnderEveryVersion(route: Route): Route {
  const handler: Route['handler'] = (req, ctx) => {
    const older = req.versionPrefix !== '' && compareVersions(req.version, ctx.profile.versions.latest) < 0;
    if (older && ctx.faults.has('versioning-templates-latest-only')) throw unsupported(req.method, req.path);
    return route.handler(req, ctx);
  };
  return { ...route, handler };
}

const ROUTES: Route[] = [
  { method: 'GET', pattern: '/:waba_id/message_templates', accepts: isAccount, handler: list },
  { method: 'POST', pattern: '/:waba_id/message_templates', accepts: isAccount, handler: create },
  { method: 'DELETE', pattern: '/:waba_id/message_templates', accepts: isAccount, handler: remove },
  { method: 'GET', pattern: '/:template_id', accepts: isTemplate, handler: read },
  { method: 'POST', pattern: '/:template_id', accepts: isTemplate, handler: update },
];

export const TEMPLATES_GROUP: EndpointGroup = {
  name: 'templates',
  routes: ROUTES.map(routedUnderEveryVersion),
  onAdvance: reviewDue,
};
