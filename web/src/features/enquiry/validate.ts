import { LEAD_SUBJECTS } from '@agency/shared';

export type EnquiryField = 'name' | 'phone' | 'email' | 'subject' | 'message';
export type EnquiryValues = Record<EnquiryField, string>;

export const emptyEnquiry: EnquiryValues = {
  name: '',
  phone: '',
  email: '',
  subject: '',
  message: '',
};

/** Inline message per field, shown while that field (and only that field) is empty (spec 000 §5). */
export const requiredMessages: Record<EnquiryField, string> = {
  name: '*Name is required',
  phone: '*Phone is required',
  email: '*Email is required',
  subject: '*Subject is required',
  message: '*Message is required',
};

export const POPUP_MISSING_FIELDS = 'Please fill all necessary field.';
export const POPUP_MISSING_CAPTCHA = 'Please select the captcha.';

export const fieldOrder: EnquiryField[] = ['name', 'phone', 'email', 'subject', 'message'];

const isSubject = (v: string): boolean => LEAD_SUBJECTS.some((s) => s === v);

/** Whether a field counts as empty: blank text, or the subject still on its placeholder. */
export function isEmpty(field: EnquiryField, value: string): boolean {
  if (field === 'subject') return !isSubject(value);
  return value.trim() === '';
}

/** The fields that block sending. */
export function missingFields(values: EnquiryValues): EnquiryField[] {
  return fieldOrder.filter((f) => isEmpty(f, values[f]));
}

/** Narrow a form control's name to an enquiry field. */
export function isEnquiryField(name: string): name is EnquiryField {
  return fieldOrder.some((f) => f === name);
}
