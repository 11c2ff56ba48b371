import { ApiError } from '../../../lib/api-client';

const UNKNOWN = 'Something went wrong. Please try again.';

/**
 * What a form says when a call fails: the API's sentence as a person reads it (`ApiError.message`,
 * without the request field's name). A throttle's sentence says when to try again itself.
 */
export function apiErrorText(err: unknown): string {
  return err instanceof ApiError ? err.message : UNKNOWN;
}

/**
 * A form's fields by the name the API gives them, each with the label people see. The one place a
 * form links the API's `field` to its own inputs: the label is the input's label, and names the
 * field in a message shown away from it.
 */
export type FieldLabels<F extends string> = Readonly<Record<F, string>>;

/** Where a failed call is shown in a form: at one of its fields, or above the form (field null). */
export type FormProblem<F extends string> =
  { field: F; message: string } | { field: null; message: string };

/**
 * Place a failed call in a form: at the field the API names (its `field`, or `codeFields` mapping
 * the error's `code` to a field for refusals that name none, such as a wrong code at sign-in),
 * when the form has that field; otherwise above the form.
 */
export function formProblem<F extends string>(
  err: unknown,
  labels: FieldLabels<F> | Readonly<Partial<Record<F, string>>>,
  codeFields: Partial<Record<string, F>> = {},
): FormProblem<F> {
  const message = apiErrorText(err);
  if (!(err instanceof ApiError)) return { field: null, message };
  const isField = (name: string | undefined): name is F =>
    name !== undefined && Object.hasOwn(labels, name);
  if (isField(err.field)) return { field: err.field, message };
  const byCode = err.code === undefined ? undefined : codeFields[err.code];
  if (byCode !== undefined) return { field: byCode, message };
  return { field: null, message };
}
