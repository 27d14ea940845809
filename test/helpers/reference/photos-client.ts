import { imageBytes } from '../../../harness/content-host/index.js';
import { call, type Ref, toAnswer } from './reference-client.js';

export interface FilePart {
  data: Buffer;
  /** The multipart part name; the spec leaves it free (`source` is customary). */
  field?: string;
  filename?: string;
}

/** POST `/{page_id}/photos` as multipart/form-data, with an optional file part. */
export async function uploadPhoto(
  ref: Ref,
  fields: Record<string, string | number> = {},
  file?: FilePart,
  token = ref.tokens['page'] ?? '',
) {
  const form = new FormData();
  form.set('access_token', token);
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  if (file) form.set(file.field ?? 'source', new Blob([file.data]), file.filename ?? 'photo.png');
  const url = new URL(`/v25.0/${ref.pageId}/photos`, ref.url);
  return toAnswer(await fetch(url, { method: 'POST', body: form }));
}

/** A small valid PNG. */
export const png = (): FilePart => ({ data: imageBytes('png') });

/** An unpublished upload's id (from `vault_image_id`, so no file is needed). */
export async function unpublishedPhoto(ref: Ref): Promise<string> {
  const answer = await call(ref, 'POST', `/v25.0/${ref.pageId}/photos`, {
    form: { access_token: ref.tokens['page'] ?? '', vault_image_id: '1', published: 'false' },
  });
  return answer.body.id;
}

/** A multi-photo feed post referencing `ids` through `attached_media[n]`. */
export function postWithPhotos(ref: Ref, ids: string[]) {
  const form: Record<string, string> = { access_token: ref.tokens['page'] ?? '', message: 'photos' };
  ids.forEach((id, i) => {
    form[`attached_media[${i}]`] = JSON.stringify({ media_fbid: id });
  });
  return call(ref, 'POST', `/v25.0/${ref.pageId}/feed`, { form });
}

/** GET `/{page_id}/photos?type=...`: the listed ids. */
export async function photoIds(ref: Ref, type: string, token = ref.tokens['page'] ?? ''): Promise<string[]> {
  const answer = await call(ref, 'GET', `/v25.0/${ref.pageId}/photos`, {
    query: { access_token: token, type, limit: 100 },
  });
  return (answer.body.data ?? []).map((photo: { id: string }) => photo.id);
}
