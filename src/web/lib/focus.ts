/**
 * Focuses the first control of the first field marked invalid under `root` (react-aria marks a
 * field's wrapper with `data-invalid`; native controls carry `aria-invalid`). Hidden helper
 * controls (react-aria's hidden select) are skipped: only what a keyboard user can reach.
 */
export function focusFirstInvalidField(root: ParentNode | null, options?: FocusOptions): boolean {
  const field = root?.querySelector<HTMLElement>('[data-invalid], [aria-invalid="true"]');
  if (!field) return false;
  const candidates = [field, ...field.querySelectorAll<HTMLElement>('input, select, textarea, button')];
  const control = candidates.find(
    (element) => element.matches('input, select, textarea, button') && element.tabIndex >= 0 && !element.closest('[aria-hidden="true"]'),
  );
  control?.focus(options);
  return control !== undefined;
}
