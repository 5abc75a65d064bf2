import { lazy, Suspense, useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../../lib/trace.ts';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Engine } from '../../../../contract/engine.ts';
import type { Fare, FareFamilies } from '../../../../contract/fares.ts';
import type { Recommendation } from '../../../../contract/search.ts';
import { fareFamiliesMachine, type FareFamiliesEvent } from '../../../../../machines/fare-families.machine.ts';
import type { FareForBags } from '../../../../../machines/fare-families.rules.ts';
import { wantsBags } from '../../../../../machines/bag-prices.ts';
import { formatMoney } from '../../../../contract/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { ModalDialog } from '../../../ui/overlays.tsx';
import { Radio, RadioGroup } from '../../../ui/RadioGroup.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TooltipText } from '../../../ui/Tooltip.tsx';
import { selectionSaver } from '../card/card-api.ts';
import { useGoToCheckout } from '../card/checkout-navigation.ts';
import type { ResultsSearchState } from '../results-url.ts';
import { fareFamiliesLoader } from './fare-families-api.ts';
import { matrixRows, truncateCellText, type MatrixCell, type MatrixIndicator } from './fare-matrix.ts';
import { useInclusionTexts } from '../../fare-inclusions/inclusion-texts.ts';
import { brandNameIn } from '../../fare-inclusions/brand-name.ts';
import { useLanguage } from '../../search/use-language.ts';
import './fare-families.css';

// The checkout's dialog comes with the checkout's contract (phone and card checks): the results page loads it
// only on the rare offer the airline sells no more (issue 15: it was ~40 KB of every results page's first load).
const BookingErrorDialog = lazy(() => import('../../checkout/errors/BookingErrorDialog.tsx').then((module) => ({ default: module.BookingErrorDialog })));

export type FareFamiliesSnapshot = SnapshotFrom<typeof fareFamiliesMachine>;
export type FareFamiliesActor = ActorRefFrom<typeof fareFamiliesMachine>;

const indicatorSymbol: Record<MatrixIndicator, string> = { INC: '✓', NOF: '✕', CHA: '$' };

function Cell({ cell, text }: { cell: MatrixCell; text: string }) {
  const { t } = useLingui();
  const indicatorNames: Record<MatrixIndicator, string> = { INC: t`Included`, NOF: t`Not included`, CHA: t`Extra cost` };
  const shortText = truncateCellText(text);
  return (
    <td className="fare-cell" data-indicator={cell.indicator}>
      <span className="fare-cell__icon" aria-hidden="true">
        {indicatorSymbol[cell.indicator]}
      </span>
      <span className="visually-hidden">{indicatorNames[cell.indicator]}</span> {shortText === text ? <span>{text}</span> : <TooltipText text={shortText} label={text} tooltip={text} />}
    </td>
  );
}

interface FareHeaderProps {
  fare: Fare;
  isChosen: boolean;
  engine: Engine;
  showsCode: boolean;
  /** This family is the cheapest that carries the bags chosen on the results (issue 21). */
  forBags: FareForBags | null;
}

function FareHeader({ fare, isChosen, engine, showsCode, forBags }: FareHeaderProps) {
  const { t } = useLingui();
  const bagsNoteId = useId();
  const price = formatMoney(fare.pricing.total, engine.currency);
  const classes = fare.segments.map((segment) => segment.bookingClass).join('/');
  const code = fare.code;
  const name = brandNameIn(fare, useLanguage());
  const withBags = forBags && formatMoney(forBags.total, engine.currency);
  return (
    <th scope="col" className="fare-column" data-chosen={isChosen || undefined} data-for-bags={forBags ? true : undefined} style={{ borderTopColor: fare.color }}>
      <Radio value={fare.code} aria-label={t`${name}, ${price}`} aria-describedby={forBags ? bagsNoteId : undefined}>
        <span className="fare-column__name">{name}</span>
      </Radio>
      <span className="fare-column__price">{price}</span>
      {showsCode && <span className="fare-column__code">{t`Code ${code} · Class ${classes}`}</span>}
      {forBags && (
        <span id={bagsNoteId} className="fare-column__for-bags">
          {forBags.extra > 0 ? t`Cheapest with your bags: ${withBags} with the bags it sells` : t`Cheapest with your bags, already included`}
        </span>
      )}
      {isChosen && <span className="fare-column__chosen">{t`Chosen`}</span>}
    </th>
  );
}

/** Above the comparison when bags were chosen on the results: which family carries them for least, or that none can. */
function BagsSummary({ families, fareForBags, engine }: { families: FareFamilies; fareForBags: FareForBags | null; engine: Engine }) {
  const { t } = useLingui();
  const language = useLanguage();
  const fare = fareForBags && families.fares.find((candidate) => candidate.code === fareForBags.code);
  if (!fareForBags || !fare) return <p className="fare-families__bags">{t`No fare here carries your bags at a price we know.`}</p>;
  const name = brandNameIn(fare, language);
  const total = formatMoney(fareForBags.total, engine.currency);
  return <p className="fare-families__bags">{t`With the bags you chose, ${name} is the cheapest fare: ${total} in total.`}</p>;
}

export interface FareFamiliesModalViewProps {
  snapshot: FareFamiliesSnapshot;
  send: (event: FareFamiliesEvent) => void;
  engine: Engine;
  search: Pick<ResultsSearchState, 'business'>;
}

/** The 'available fares' modal as the machine's snapshot describes it. */
export function FareFamiliesModalView({ snapshot, send, engine, search }: FareFamiliesModalViewProps) {
  const { t } = useLingui();
  const { families, chosenCode, errorMessage, recommendation, bags, fareForBags } = snapshot.context;
  const texts = useInclusionTexts();
  const isSubmitting = snapshot.matches('submitting') || snapshot.matches('done');
  const airline = recommendation.pricing.validatingAirline;
  // Spec 1 §2: agencies in B2B mode booking LATAM see each family's code and booking classes.
  const showsCode = engine.isAgency && search.business && airline === 'LA';
  const cancel = () => send({ type: 'modal.cancel' });
  const failure = snapshot.context.failure;
  if (snapshot.matches('offerUnavailable') && failure) {
    // The booking's 1001 dialog: it only offers to accept, which leaves the traveller on the results.
    return (
      <Suspense fallback={null}>
        <BookingErrorDialog
          failure={failure}
          engine={engine}
          agencyView={engine.isAgency && search.business}
          pageUrl={typeof window === 'undefined' ? '' : window.location.href}
          onClose={cancel}
          onAcceptFareChange={cancel}
          onRetry={cancel}
          onSearchOther={cancel}
        />
      </Suspense>
    );
  }
  return (
    <ModalDialog
      isOpen={!snapshot.matches('closed')}
      title={t`Available fares`}
      size="wide"
      isDismissable={!isSubmitting}
      onOpenChange={(isOpen) => !isOpen && cancel()}
    >
      {snapshot.matches('loading') && <Spinner label={t`Loading fare families`} />}
      {snapshot.matches('failed') && (
        <div role="alert" className="fare-families__error">
          <p className="fare-families__apology">{t`We are sorry`}</p>
          <p>{t`The fares of this flight are not available right now. Please choose another option or try again later.`}</p>
        </div>
      )}
      {families && wantsBags(bags) && <BagsSummary families={families} fareForBags={fareForBags} engine={engine} />}
      {families && (
        <RadioGroup
          aria-label={t`Fares`}
          value={chosenCode}
          isDisabled={isSubmitting}
          onChange={(code) => send({ type: 'fare.choose', code })}
        >
          <div className="fare-families__scroll">
            <table className="fare-families__table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t`What each fare includes`}</span>
                  </th>
                  {families.fares.map((fare) => (
                    <FareHeader
                      key={fare.code}
                      fare={fare}
                      isChosen={fare.code === chosenCode}
                      engine={engine}
                      showsCode={showsCode}
                      forBags={fare.code === fareForBags?.code ? fareForBags : null}
                    />
                  ))}
                </tr>
              </thead>
              <tbody>
                {matrixRows(families).map(({ row, cells }) => (
                  <tr key={row}>
                    <th scope="row">{texts.title(row)}</th>
                    {cells.map((cell) => (
                      <Cell key={families.fares[cell.fareIndex]?.code ?? cell.fareIndex} cell={cell} text={texts.cell(row, families.fares[cell.fareIndex]!.inclusions)} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </RadioGroup>
      )}
      {errorMessage && snapshot.matches('choosing') && (
        <p role="alert" className="fare-families__save-error">
          {t`We could not save your selection. Please try again.`}
        </p>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onPress={cancel} isDisabled={isSubmitting}>
          {t`Cancel`}
        </Button>
        {!snapshot.matches('failed') && (
          <Button variant="submit" isPending={isSubmitting} isDisabled={!families} onPress={() => send({ type: 'modal.accept' })}>
            {isSubmitting && <span className="button__spinner" aria-hidden="true" />}
            {t`Accept`}
          </Button>
        )}
      </div>
    </ModalDialog>
  );
}

export interface FareFamiliesSetup {
  recommendation: Recommendation;
  sessionID: string;
  engine: Engine;
  search: Pick<ResultsSearchState, 'business' | 'token'>;
}

/** The modal's actor, with the API calls and the checkout navigation of this card. */
export function useFareFamiliesActor({ recommendation, sessionID, engine, search }: FareFamiliesSetup): FareFamiliesActor {
  const goToCheckout = useGoToCheckout(sessionID, engine, search.business);
  return useTracedActorRef(
    fareFamiliesMachine.provide({
      actors: { loadFareFamilies: fareFamiliesLoader({ engine, token: search.token }), saveSelection: selectionSaver(engine) },
      actions: { goToCheckout },
    }),
    { input: { recommendation, sessionID, choice: recommendation.itinerary.map(() => 0) } },
  );
}

/** The modal bound to its actor (the card opens it with `modal.open`). */
export function FareFamiliesModal({ actor, engine, search }: { actor: FareFamiliesActor; engine: Engine; search: Pick<ResultsSearchState, 'business'> }) {
  const snapshot = useSelector(actor, (state) => state);
  return <FareFamiliesModalView snapshot={snapshot} send={actor.send} engine={engine} search={search} />;
}
