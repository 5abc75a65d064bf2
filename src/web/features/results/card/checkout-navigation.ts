import { useNavigate } from '@tanstack/react-router';
import type { Engine } from '../../../../contract/engine.ts';

/**
 * Spec 1 §2: a saved selection goes to /vuelos/checkout/{sessionID}?terminalId={engine id}, or to
 * /vuelos/b/checkout/… when the results address is the agency's /b/ one.
 */
export function useGoToCheckout(sessionID: string, engine: Engine, business: boolean) {
  const navigate = useNavigate();
  return () => {
    const search = { terminalId: engine.id };
    void (business
      ? navigate({ to: '/b/checkout/$id', params: { id: sessionID }, search })
      : navigate({ to: '/checkout/$id', params: { id: sessionID }, search }));
  };
}
