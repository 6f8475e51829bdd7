/**
 * The builder's cross (Exit, the settings sheet's close). Drawn inline: the builder's shell has
 * no icon sprite (widget/components/icons.tsx draws from the blog page's).
 */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M6 6l12 12M18 6L6 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
