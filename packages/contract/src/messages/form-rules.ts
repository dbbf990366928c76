/** Messages of the generic form rules (spec 1 §5). Field names show underscores as spaces. */
export const fieldLabel = (field: string) => field.replace(/_+/g, ' ').trim();

/** '{field} is required' */
export const requiredMessage = (field: string) => `${fieldLabel(field)} is required`;

/** For fields named email or of type emailAddress. */
export const invalidEmailMessage = (field: string) => `${fieldLabel(field)} must be a valid email address`;

/** For phone, contact_number or phoneNumber fields: exactly 10 digits. */
export const phoneNumberMessage = (field: string) => `${fieldLabel(field)} must be a 10-digit phone number`;

/** A character-length bound. */
export const maxLengthMessage = (field: string, max: number) =>
  `${fieldLabel(field)} must not be more than ${max}`;

export const numberMessage = (field: string) => `${fieldLabel(field)} must be a number`;

/** Url fields hold a bare host and path. */
export const urlMessage = (field: string) => `${fieldLabel(field)} must not include http:// or https://`;

/** isEqualTo: '{key}(s) do not match'. */
export const notEqualMessage = (key: string) => `${fieldLabel(key)}(s) do not match`;

export const URL_SCHEME_REGEX = /^https?:\/\//i;
