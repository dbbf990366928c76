import type { TFieldError } from '@laurel/contract';

/**
 * The field errors of a 400's content (`{ errors: [{ field, message }] }`), read without zod (its schema would bring
 * zod into the editors' first load); anything else holds none.
 */
export const fieldErrorsIn = (content: unknown): TFieldError[] => {
  const errors = (content as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (error): error is TFieldError =>
      typeof (error as Partial<TFieldError> | null)?.field === 'string' &&
      typeof (error as Partial<TFieldError> | null)?.message === 'string',
  );
};
