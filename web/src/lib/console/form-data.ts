/**
 * A form's values as multipart: the operator API reads the same fields from JSON or a form, and
 * only a form can carry an image. null becomes a blank, which the API reads as "none".
 */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.set(key, value);
    else if (value === null) form.set(key, '');
    else form.set(key, String(value));
  }
  return form;
}
