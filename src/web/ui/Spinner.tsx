import { ProgressBar } from 'react-aria-components';
import './overlays.css';

/** A busy indicator with a name ('Cargando familias'): an indeterminate progress bar for screen readers. */
export function Spinner({ label, showLabel = true }: { label: string; showLabel?: boolean }) {
  return (
    <ProgressBar isIndeterminate aria-label={label} className="spinner">
      <span className="spinner__wheel" aria-hidden="true" />
      {showLabel && <span className="spinner__label">{label}</span>}
    </ProgressBar>
  );
}
