export interface UploadError {
  id: number;
  summary: string;
  description: string;
  severity: 'fatal' | 'warning';
  row_number: number;
  column_number: number;
}

const FATAL: Array<[string, string, number]> = [
  ['Missing required field', 'The item has no id, so it was not created.', 1],
  ['Invalid price', 'The price is not a number followed by an ISO 4217 currency code.', 5],
  ['Missing image link', 'The image_link column is empty; items need an image.', 7],
];
const WARNING: Array<[string, string, number]> = [
  ['Description too short', 'The description has fewer than 30 characters.', 3],
  ['Unknown condition', 'The condition is not new, refurbished or used; new was assumed.', 9],
  ['Missing brand', 'The item has no brand; it was created without one.', 4],
];

/**
 * The fixture upload's errors: fatal and warning rows interleaved, 30 in all (more than one default page),
 * so `error_priority` filters and paging can both be seen. Immutable, so no state slice.
 */
export const UPLOAD_ERRORS: UploadError[] = Array.from({ length: 30 }, (_, i) => {
  const fatal = i % 4 === 0;
  const table = fatal ? FATAL : WARNING;
  const [summary, description, column] = table[i % table.length] ?? ['', '', 1];
  return {
    id: 4_100_001 + i,
    summary,
    description,
    severity: fatal ? 'fatal' : 'warning',
    row_number: 2 + i * 3,
    column_number: column,
  };
});
