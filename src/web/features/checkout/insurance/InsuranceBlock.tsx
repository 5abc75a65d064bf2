import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { INSURANCE_DELAY_BENEFIT_HOURS, type InsuranceProduct } from '../../../../contract/checkout.ts';
import type { checkoutMachine } from '../../../../../machines/checkout.machine.ts';
import type { InsuranceChoice, InsuranceEvent, insuranceMachine } from '../../../../../machines/insurance.machine.ts';
import { formatMoney, US_DOLLARS } from '../../../../contract/money.ts';
import { AlertDialog, ModalDialog } from '../../../ui/overlays.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Radio, RadioGroup } from '../../../ui/RadioGroup.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import './insurance.css';

export type InsuranceSnapshot = SnapshotFrom<typeof insuranceMachine>;
export type InsuranceActor = ActorRefFrom<typeof insuranceMachine>;

const money = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');

function PlanCard({ product, choice, passengers, onDetails }: { product: InsuranceProduct; choice: InsuranceChoice; passengers: number; onDetails: () => void }) {
  const { t } = useLingui();
  const perDay = money(product.priceDay);
  const trip = money(Math.round(product.priceTotal * passengers * 100) / 100);
  const days = product.daysOfCoverage;
  return (
    <div className="insurance__card">
      <Radio value={choice}>
        <span className="insurance__name">{product.familyName}</span>
      </Radio>
      <p className="insurance__price">{t`${perDay} per day per passenger`}</p>
      <p>{t`Total for the trip (${days} days): ${trip}`}</p>
      <Button variant="secondary" onPress={onDetails} aria-label={t`See coverage: ${product.familyName}`}>
        {t`See coverage`}
      </Button>
    </div>
  );
}

export interface InsuranceBlockViewProps {
  snapshot: InsuranceSnapshot;
  send: (event: InsuranceEvent) => void;
  /** A submit found no answer (checkout context.problem?.kind === 'insurance'). */
  unanswered: boolean;
}

/**
 * A coverage line in the page's language (issue 37: the English modal was Spanish). The insurer names its
 * lines in Spanish; the ones it sells are worded here, any other is shown as the insurer wrote it.
 */
function useCoverageName() {
  const { t } = useLingui();
  const names: Record<string, string> = {
    'Asistencia médica por accidente o enfermedad': t`Medical assistance for accident or illness`,
    'Demora de vuelo (más de 6 horas)': t`Flight delay (over 6 hours)`,
    'Pérdida de equipaje': t`Lost luggage`,
  };
  return (description: string) => names[description] ?? description;
}

/** Travel insurance (spec 2 §4, §5): plan 1, plan 2 or none; coverage modal; nobody insured over 70. */
export function InsuranceBlockView({ snapshot, send, unanswered }: InsuranceBlockViewProps) {
  const { t } = useLingui();
  const coverageName = useCoverageName();
  const { products, choice, detailsProductId, acknowledged, passengersQuantity } = snapshot.context;
  if (snapshot.matches('notOffered') || snapshot.matches('unavailable') || snapshot.matches('deciding')) return null;
  const hours = INSURANCE_DELAY_BENEFIT_HOURS;
  const details = products.find((product) => product.productId === detailsProductId) ?? null;
  const choices: InsuranceChoice[] = ['product1', 'product2'];
  return (
    <section className="insurance" aria-labelledby="insurance-title">
      <h2 id="insurance-title" className="insurance__title">{t`Travel insurance`}</h2>
      {snapshot.matches('loading') && <Spinner label={t`Loading insurance plans`} />}
      {snapshot.matches('rejected') && (
        <>
          <output className="insurance__rejected">
            {t`One of the passengers is over 70 years old, so the insurance does not apply to any passenger`}
          </output>
          <AlertDialog isOpen={!acknowledged} title={t`PASSENGER IS OVER 70 YEARS OLD`} actionLabel={t`Accept`} onAction={() => send({ type: 'insurance.acknowledge' })}>
            <p>{t`One of the passengers is over 70 years old, so the insurance does not apply to any passenger`}</p>
          </AlertDialog>
        </>
      )}
      {(snapshot.matches('choosing') || snapshot.matches('chosen')) && (
        <>
          <p className="insurance__note">{t`Covers flight delays of more than ${hours} hours.`}</p>
          <RadioGroup
            aria-labelledby="insurance-title"
            value={choice}
            onChange={(value) => send({ type: 'insurance.choose', choice: value as InsuranceChoice })}
            isInvalid={unanswered && choice === null}
            isRequired
          >
            <div className="insurance__grid">
              {choices.map((key, index) => {
                const product = products[index];
                return product ? (
                  <PlanCard key={key} product={product} choice={key} passengers={passengersQuantity} onDetails={() => send({ type: 'insurance.details', productId: product.productId })} />
                ) : null;
              })}
              <div className="insurance__card">
                <Radio value="none">{t`I travel without insurance`}</Radio>
              </div>
            </div>
          </RadioGroup>
          {unanswered && choice === null && (
            <p role="alert" className="insurance__problem">
              {t`Please choose one of these 3 options`}
            </p>
          )}
        </>
      )}
      <ModalDialog isOpen={snapshot.matches({ choosing: 'asking' })} onOpenChange={(open) => !open && send({ type: 'insurance.dismiss' })} title={t`Travel insurance`}>
        <RadioGroup label={t`Please choose one of these 3 options`} onChange={(value) => send({ type: 'insurance.choose', choice: value as InsuranceChoice })} isRequired>
          {choices.map((key, index) => {
            const product = products[index];
            return product ? (
              <Radio key={key} value={key}>
                {t`${product.familyName}: ${money(Math.round(product.priceTotal * passengersQuantity * 100) / 100)} for the trip`}
              </Radio>
            ) : null;
          })}
          <Radio value="none">{t`I travel without insurance`}</Radio>
        </RadioGroup>
        <Button variant="secondary" onPress={() => send({ type: 'insurance.dismiss' })}>{t`Close`}</Button>
      </ModalDialog>
      <ModalDialog isOpen={details !== null} onOpenChange={(open) => !open && send({ type: 'insurance.details', productId: null })} title={details ? t`Coverage of ${details.familyName}` : ''}>
        {details && (
          <>
            <table className="insurance__coverage">
              <thead>
                <tr>
                  <th scope="col">{t`Coverage`}</th>
                  <th scope="col">{t`Up to`}</th>
                </tr>
              </thead>
              <tbody>
                {details.atributos.map((item) => (
                  <tr key={item.description}>
                    <th scope="row">{coverageName(item.description)}</th>
                    <td>{item.valor ? `${item.unidad ?? ''} ${item.valor}`.trim() : (item.amount ?? '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Button onPress={() => send({ type: 'insurance.details', productId: null })}>{t`Close`}</Button>
          </>
        )}
      </ModalDialog>
    </section>
  );
}

/** The insurance block bound to the checkout's 'insurance' child. */
export function InsuranceBlock({ checkout }: { checkout: ActorRefFrom<typeof checkoutMachine> }) {
  const insurance = useSelector(checkout, (snapshot) => snapshot.children.insurance as InsuranceActor | undefined);
  const unanswered = useSelector(checkout, (snapshot) => snapshot.context.problem?.kind === 'insurance');
  if (!insurance) return null;
  return <BoundInsuranceBlock insurance={insurance} unanswered={unanswered} />;
}

function BoundInsuranceBlock({ insurance, unanswered }: { insurance: InsuranceActor; unanswered: boolean }) {
  const snapshot = useSelector(insurance, (current) => current);
  return <InsuranceBlockView snapshot={snapshot} send={(event) => insurance.send(event)} unanswered={unanswered} />;
}
