/** The tel: link of an office's phone number (kept apart from the settings' schemas: pages link phones without zod). */
export const officeTel = (office: { readonly phone: string }): string =>
  `tel:${office.phone.replace(/[^\d+]/g, '')}`;
