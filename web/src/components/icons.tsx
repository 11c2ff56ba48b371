import type { SVGProps } from 'react';

/** Small inline icons; decorative unless given a title by the caller's label. */
type IconProps = SVGProps<SVGSVGElement>;

const base = (props: IconProps) => ({ 'aria-hidden': true, focusable: false, ...props }) as const;

export const MenuIcon = (p: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width="24"
    height="24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    {...base(p)}
  >
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);
export const CloseIcon = (p: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width="24"
    height="24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    {...base(p)}
  >
    <path d="M5 5l14 14M19 5L5 19" />
  </svg>
);
export const ChevronDown = (p: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width="14"
    height="14"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    {...base(p)}
  >
    <path d="M6 9l6 6 6-6" />
  </svg>
);
export const ArrowLeft = (p: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width="22"
    height="22"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    {...base(p)}
  >
    <path d="M15 5l-7 7 7 7" />
  </svg>
);
export const ArrowRight = (p: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width="22"
    height="22"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    {...base(p)}
  >
    <path d="M9 5l7 7-7 7" />
  </svg>
);
export const ChatIcon = (p: IconProps) => (
  <svg viewBox="0 0 32 32" width="28" height="28" fill="currentColor" {...base(p)}>
    <path d="M16 3C8.8 3 3 8.6 3 15.5c0 2.4.7 4.7 2 6.6L3.6 28.4l6.6-1.7c1.8.9 3.8 1.4 5.8 1.4 7.2 0 13-5.6 13-12.5S23.2 3 16 3zm0 22.7c-1.8 0-3.6-.5-5.1-1.4l-.4-.2-3.9 1 1-3.7-.2-.4a9.9 9.9 0 0 1-1.6-5.4C5.8 10 10.4 5.6 16 5.6S26.2 10 26.2 15.5 21.6 25.7 16 25.7zm5.6-7.6c-.3-.2-1.8-.9-2.1-1-.3-.1-.5-.2-.7.2l-1 1.2c-.2.2-.4.2-.7.1a8.3 8.3 0 0 1-4.1-3.6c-.3-.5.3-.5.9-1.6.1-.2 0-.4 0-.5l-1-2.3c-.2-.6-.5-.5-.7-.5h-.6c-.2 0-.5.1-.8.4-.3.3-1 1-1 2.5s1.1 2.9 1.2 3.1c.2.2 2.1 3.2 5.1 4.5 1.9.8 2.6.9 3.6.7.6-.1 1.8-.7 2-1.4.3-.7.3-1.3.2-1.4-.1-.1-.3-.2-.6-.4z" />
  </svg>
);
export const PhoneIcon = (p: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinejoin="round"
    {...base(p)}
  >
    <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z" />
  </svg>
);
export const MailIcon = (p: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    {...base(p)}
  >
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </svg>
);
export const PinIcon = (p: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    {...base(p)}
  >
    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </svg>
);

const socialPaths: Record<string, string> = {
  Facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  Instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  LinkedIn:
    'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h3.8v1.7c.6-1 1.9-2 3.9-2 4 0 4.3 2.6 4.3 6V21h-4v-5.6c0-1.5 0-3.3-2-3.3s-2.3 1.5-2.3 3.2V21H10z',
  X: 'M4 3h4.5l4 5.6L17.3 3H20l-6.2 7.2L21 21h-4.5l-4.4-6.1L6.8 21H4l6.8-7.8z',
  YouTube:
    'M22 8.2a3 3 0 0 0-2-2.1C18.2 5.6 12 5.6 12 5.6s-6.2 0-8 .5a3 3 0 0 0-2 2.1A31 31 0 0 0 1.6 12c0 1.3.1 2.6.4 3.8a3 3 0 0 0 2 2.1c1.8.5 8 .5 8 .5s6.2 0 8-.5a3 3 0 0 0 2-2.1c.3-1.2.4-2.5.4-3.8s-.1-2.6-.4-3.8zM10 15.3V8.7l5.6 3.3z',
};

export function SocialIcon({ name, ...p }: IconProps & { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" {...base(p)}>
      <path d={socialPaths[name] ?? socialPaths.X} />
    </svg>
  );
}
