import type { RefContext, RefRequest } from '../../types.js';

/** `me` stands for the token's Page; any other id is taken as sent. */
export function pageIdOf(req: RefRequest, param = 'page_id'): string {
  const id = req.pathParams[param] ?? '';
  return id === 'me' ? (req.token?.pageId ?? id) : id;
}

/** Route `accepts` for Page edges: `me` or the fixture Page. */
export const isPage = (params: Record<string, string>, ctx: RefContext): boolean =>
  params['page_id'] === 'me' || params['page_id'] === ctx.profile.fixtures['page_id'];
