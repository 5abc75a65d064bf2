import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { fareRulesMachine, FareRulesEvent } from '../../../../../machines/fare-rules.machine.ts';
import { Button } from '../../../ui/Button.tsx';
import { ModalDialog } from '../../../ui/overlays.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs.tsx';
import './fare-rules.css';

export type FareRulesSnapshot = SnapshotFrom<typeof fareRulesMachine>;

/** Sections the server adds for consumer terminals only (docs/checkout-api.md). */
const GENERAL_TERMS_TITLES = ['Condiciones generales', 'General terms'];

export interface FareRulesModalViewProps {
  snapshot: FareRulesSnapshot;
  send: (event: FareRulesEvent) => void;
  /** Agency engines never show the general terms (spec 2 §2, §6). */
  isAgencyEngine: boolean;
}

/** The fare rules modal (spec 2 §2): 800 px wide, a loading placeholder, one tab per route with titled sections. */
export function FareRulesModalView({ snapshot, send, isAgencyEngine }: FareRulesModalViewProps) {
  const { t } = useLingui();
  const rules = snapshot.context.rules ?? [];
  const close = () => send({ type: 'rules.close' });
  return (
    <ModalDialog isOpen={!snapshot.matches('closed')} onOpenChange={(open) => !open && close()} title={t`Fare rules`} size="large">
      <div className="fare-rules">
        {snapshot.matches('loading') && (
          <div className="fare-rules__placeholder">
            <Spinner label={t`Loading fare rules`} showLabel={false} />
            <span className="fare-rules__bar" />
            <span className="fare-rules__bar" />
            <span className="fare-rules__bar fare-rules__bar--short" />
          </div>
        )}
        {snapshot.matches('failed') && (
          <div role="alert">
            <p>{t`The fare rules could not be loaded.`}</p>
            <Button onPress={() => send({ type: 'rules.retry' })}>{t`Try again`}</Button>
          </div>
        )}
        {snapshot.matches('showing') && (
          <Tabs>
            <TabList aria-label={t`Routes`}>
              {rules.map((rule, index) => (
                <Tab key={`${rule.departure}-${rule.arrival}-${index}`} id={String(index)}>
                  {`${rule.departure} - ${rule.arrival}`}
                </Tab>
              ))}
            </TabList>
            {rules.map((rule, index) => (
              <TabPanel key={`${rule.departure}-${rule.arrival}-${index}`} id={String(index)}>
                {rule.sections
                  .filter((section) => !isAgencyEngine || !GENERAL_TERMS_TITLES.includes(section.title))
                  .map((section) => (
                    <section key={section.title} className="fare-rules__section">
                      <h3>{section.title}</h3>
                      <p>{section.content}</p>
                    </section>
                  ))}
              </TabPanel>
            ))}
          </Tabs>
        )}
        <div className="fare-rules__actions">
          <Button variant="secondary" onPress={close}>
            {t`Close`}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
