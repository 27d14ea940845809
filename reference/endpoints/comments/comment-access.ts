import { requirePageToken } from '../../access.js';
import { requireToken } from '../../tokens.js';
import type { RefContext, RefRequest } from '../../types.js';
import type { CommentTarget, TargetKind } from './comment-target.js';

/** What a reader may see: everything, comments without ids (no MODERATE), or nothing (a User token). */
export type ReadAccess = 'full' | 'no-ids' | 'empty';

/** "For Album, Photo, Post and Video, the edge returns empty data when read with a User access token." */
const EMPTY_FOR_USERS: TargetKind[] = ['post', 'photo', 'video'];

/**
 * Reading needs what viewing the parent needs, which the spec does not state: the reference asks a Page token of
 * its Page with any task and `pages_read_engagement` (another target may let more tokens view a post); comment ids
 * need MODERATE. A User token reads empty data where the spec says so.
 */
export function readAccess(req: RefRequest, ctx: RefContext, target: CommentTarget): ReadAccess {
  const token = requireToken(req);
  if (token.kind === 'user' && EMPTY_FOR_USERS.includes(target.kind)) {
    return ctx.faults.has('comments-user-token-sees-comments') ? 'full' : 'empty';
  }
  const needs = { anyTask: ['CREATE_CONTENT', 'MANAGE', 'MODERATE'], permissions: ['pages_read_engagement'] };
  requirePageToken(req, target.pageId, needs, false);
  if (ctx.faults.has('comments-ids-without-moderate')) return 'full';
  return token.tasks.includes('MODERATE') ? 'full' : 'no-ids';
}

/** Publishing and deleting comments: a Page token of a person who can MODERATE, `pages_manage_engagement`. */
export function requireModerator(req: RefRequest, ctx: RefContext, pageId: string): void {
  if (ctx.faults.has('comments-post-token-unchecked') && req.method === 'POST') return;
  const needs = { anyTask: ['MODERATE'], permissions: ['pages_manage_engagement'] };
  requirePageToken(req, pageId, needs, ctx.faults.has('comments-missing-permission-accepted'));
}
