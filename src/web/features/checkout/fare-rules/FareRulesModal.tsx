import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../../lib/trace.ts';
import type { Session } from '../../../../contract/session.ts';
import { fareRulesMachine } from '../../../../../machines/fare-rules.machine.ts';
import { Button } from '../../../ui/Button.tsx';
import { fareRulesLoader } from './fare-rules-api.ts';

// The modal and its tabs load when the traveller first asks for the rules, not with the checkout.
const FareRulesModalView = lazy(() => import('./FareRulesModalView.tsx').then((module) => ({ default: module.FareRulesModalView })));

export interface FareRulesModalProps {
  terminalId: string;
  isAgencyEngine: boolean;
  session: Pick<Session, 'flights' | 'recommendation' | 'searchParams' | 'selectedFare'>;
  /** The button that opens it ('Ver reglas de la tarifa'); A places it in the terms block. */
  triggerLabel?: string;
}

/** A 'fare rules' link-button with its own modal actor. */
export function FareRulesModal({ terminalId, isAgencyEngine, session, triggerLabel }: FareRulesModalProps) {
  const { t } = useLingui();
  const actor = useTracedActorRef(fareRulesMachine.provide({ actors: { loadFareRules: fareRulesLoader(terminalId, session) } }));
  const snapshot = useSelector(actor, (current) => current);
  return (
    <>
      <Button variant="secondary" onPress={() => actor.send({ type: 'rules.open' })}>
        {triggerLabel ?? t`See the fare rules`}
      </Button>
      {!snapshot.matches('closed') && (
        <Suspense fallback={null}>
          <FareRulesModalView snapshot={snapshot} send={(event) => actor.send(event)} isAgencyEngine={isAgencyEngine} />
        </Suspense>
      )}
    </>
  );
}
