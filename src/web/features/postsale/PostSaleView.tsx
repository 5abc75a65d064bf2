import { useLingui } from '@lingui/react/macro';
import type { Temporal } from 'temporal-polyfill';
import type { SnapshotFrom } from 'xstate';
import { postSaleTotal, type PostSaleEvent, type postSaleMachine } from '../../../../machines/postsale.machine.ts';
import { bagKey, baggageOffered, bagsTotal, chosenBags, creditShort, seatMapOf, seatsOffered, type PurchaseProblem } from '../../../../machines/postsale.rules.ts';
import { seatsTotal } from '../../../../machines/seat-picker.rules.ts';
import type { PassengerType } from '../../../contract/checkout.ts';
import { formatMoney, US_DOLLARS } from '../../../contract/money.ts';
import type { BaggageFlight, SummaryEntry } from '../../../contract/postsale.ts';
import { AlertDialog, ModalDialog } from '../../ui/overlays.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Link } from '../../ui/Link.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useBaggageCodeName } from '../checkout/extras/bag-name.ts';
import { CardForm } from '../checkout/payment/CardForms.tsx';
import type { tokenizeCard } from '../checkout/payment/tokenize.ts';
import { SeatPickerView, type SeatPickerSnapshot } from '../checkout/seats/SeatPicker.tsx';
import { PageHeading } from '../layout/PageHeading.tsx';
import { StatusPage } from '../layout/StatusPage.tsx';
import '../checkout/extras/extras.css';
import './postsale.css';

export type PostSaleSnapshot = SnapshotFrom<typeof postSaleMachine>;

export interface PostSaleViewProps {
  snapshot: PostSaleSnapshot;
  send: (event: PostSaleEvent) => void;
  /** The seat picker child's snapshot while the page shows its blocks (null before). */
  seats: SeatPickerSnapshot | null;
  /** Fixed in stories and tests; America/Lima otherwise. */
  today?: Temporal.PlainDate;
  tokenize?: typeof tokenizeCard;
}

const money = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');
/** No provider code narrows the cards of this form (the checkout's Oh and Ripley bins do not apply). */
const ANY_CARD = 0;

/** The texts of spec 3 §5's checks (es verbatim in the catalog). */
function useProblemText() {
  const { t } = useLingui();
  const texts: Record<PurchaseProblem, string> = {
    finishSeats: t`Please finish the seat selection`,
    finishBaggage: t`Please finish the baggage selection`,
    finishSeatsAndBaggage: t`Please finish the seat and baggage selection`,
    nothingChosen: t`Choose at least one seat or bag to buy`,
    creditBusiness: t`Your available credit does not cover the total to book, please choose another payment method`,
    creditAuthorize: t`Your available credit does not cover the total to book, please tick the checkbox to Issue with authorisation and choose a person from the list to authorise`,
    invoice: t`Please complete the information to Request an invoice`,
    card: t`Please complete the card details or some detail has an incorrect format`,
  };
  return (problem: PurchaseProblem) => texts[problem];
}

/** 'Vuelo de ida' / 'Vuelo de vuelta' for up to two flights, otherwise 'Vuelo N de M' (spec 3 §2). */
export function useFlightSubtitle() {
  const { t } = useLingui();
  return (index: number, count: number) => {
    if (count <= 2) return index === 0 ? t`Outbound flight` : t`Return flight`;
    const number = index + 1;
    return t`Flight ${number} of ${count}`;
  };
}

/** NIÑO for CHD (and CNN), ADULTO otherwise (spec 3 §2). */
function usePaxLabel() {
  const { t } = useLingui();
  return (type: PassengerType | string) => (type === 'CHD' || type === 'CNN' ? t`CHILD` : t`ADULT`);
}

const fullName = (pax: { firstName?: string | undefined; lastName?: string | undefined; id: string }) => [pax.firstName, pax.lastName].filter(Boolean).join(' ') || pax.id;

/** 'Resumen de compra anterior': each earlier purchase as 'Compra N' with its seats and baggage tables. */
export function PurchaseSummaryTables({
  entries,
  flights,
  passengers = [],
}: {
  entries: SummaryEntry[];
  flights: Array<{ origin: string; destination: string }>;
  /** The seated passengers' names in order, when known ('#1' otherwise). */
  passengers?: readonly string[];
}) {
  const { t } = useLingui();
  const bagName = useBaggageCodeName();
  const route = (index: number) => (flights[index] ? `${flights[index].origin} - ${flights[index].destination}` : `#${index + 1}`);
  const passenger = (index: number) => passengers[index] || `#${index + 1}`;
  return (
    <>
      {entries.map((entry, entryIndex) => {
        const number = entryIndex + 1;
        const seats = entry.ancillariesInfo.ancillaries.flatMap((ancillary) => (ancillary.type === 'seat' ? ancillary.info.map((info) => ({ ...info, passengerIndex: ancillary.passengerIndex })) : []));
        const bags = entry.ancillariesInfo.ancillaries.flatMap((ancillary) => (ancillary.type === 'baggage' ? ancillary.info.map((info) => ({ ...info, passengerIndex: ancillary.passengerIndex })) : []));
        return (
          <section key={entry.date} className="postsale-summary__entry" aria-label={t`Purchase ${number}`}>
            <h3>{t`Purchase ${number}`}</h3>
            {seats.length > 0 && (
              <table className="confirmation-products__table">
                <caption>{t`Seats`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Passenger`}</th>
                    <th scope="col">{t`Flight`}</th>
                    <th scope="col">{t`Seat`}</th>
                    <th scope="col">{t`Price`}</th>
                    <th scope="col">{t`Ticket`}</th>
                  </tr>
                </thead>
                <tbody>
                  {seats.map((seat) => (
                    <tr key={`${seat.passengerIndex}-${seat.segmentIndex}`}>
                      <td>{passenger(seat.passengerIndex)}</td>
                      <td>{route(seat.segmentIndex)}</td>
                      <td>{`${seat.row}${seat.column}`}</td>
                      <td>{money(seat.price)}</td>
                      <td>{seat.ticket ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {bags.length > 0 && (
              <table className="confirmation-products__table">
                <caption>{t`Baggage`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Passenger`}</th>
                    <th scope="col">{t`Flight`}</th>
                    <th scope="col">{t`Baggage`}</th>
                    <th scope="col">{t`Price`}</th>
                    <th scope="col">{t`Ticket`}</th>
                  </tr>
                </thead>
                <tbody>
                  {bags.map((bag, index) => (
                    <tr key={`${bag.passengerIndex}-${bag.flightIndex}-${index}`}>
                      <td>{passenger(bag.passengerIndex)}</td>
                      <td>{route(bag.flightIndex)}</td>
                      <td>{bagName(bag.code, bag.name)}</td>
                      <td>{money(bag.price)}</td>
                      <td>{bag.ticket ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </>
  );
}

/** Block 3: tabs flight by flight, a passenger stepper, choose/remove per bag, the summary and next / finish. */
function BaggageSelection({ snapshot, send, flights }: { snapshot: PostSaleSnapshot; send: PostSaleViewProps['send']; flights: BaggageFlight[] }) {
  const { t } = useLingui();
  const subtitle = useFlightSubtitle();
  const paxLabel = usePaxLabel();
  const bagName = useBaggageCodeName();
  const { bagFlight, bagPassenger, bags } = snapshot.context;
  const editing = snapshot.matches({ selecting: 'editing' });
  const last = bagFlight >= flights.length - 1;
  const chosen = chosenBags(flights, bags);
  return (
    <div className="postsale-bags">
      <Tabs selectedKey={String(bagFlight)} onSelectionChange={(key) => send({ type: 'bags.flight', index: Number(key) })}>
        <TabList aria-label={t`Baggage by flight`}>
          {flights.map((flight, index) => (
            <Tab key={`${flight.origin}-${flight.destination}-${index}`} id={String(index)}>
              {`${subtitle(index, flights.length)} · ${flight.origin} - ${flight.destination}`}
            </Tab>
          ))}
        </TabList>
        {flights.map((flight, flightIndex) => (
          <TabPanel key={`${flight.origin}-${flight.destination}-${flightIndex}`} id={String(flightIndex)}>
            <ol className="postsale-bags__stepper" aria-label={t`Passengers`}>
              {flight.passengers.map((passenger, passengerIndex) => (
                <li key={passenger.pax.id}>
                  <Button
                    variant={passengerIndex === bagPassenger ? 'primary' : 'secondary'}
                    aria-current={passengerIndex === bagPassenger ? 'step' : undefined}
                    onPress={() => send({ type: 'bags.passenger', index: passengerIndex })}
                  >
                    {`${paxLabel(passenger.pax.passengerTypeCode)} · ${fullName(passenger.pax)}`}
                  </Button>
                </li>
              ))}
            </ol>
            <ul className="postsale-bags__cards">
              {(flight.passengers[bagPassenger]?.baggagesByPassenger ?? []).map((item) => {
                const selected = bags[bagKey(flightIndex, bagPassenger, item.code)] === true;
                const price = money(item.price);
                return (
                  <li key={item.code} className="postsale-bags__card" data-selected={selected || undefined}>
                    <strong>{bagName(item.code, item.name)}</strong>
                    <span>{t`${item.weight} kg`}</span>
                    <Button variant={selected ? 'secondary' : 'primary'} isDisabled={!editing} onPress={() => send({ type: 'bags.toggle', flightIndex, passengerIndex: bagPassenger, code: item.code })}>
                      {selected ? t`Remove baggage ${price}` : t`Choose baggage ${price}`}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </TabPanel>
        ))}
      </Tabs>
      <aside className="extras__summary" aria-labelledby="postsale-bags-summary">
        <h3 id="postsale-bags-summary">{t`Baggage chosen`}</h3>
        {chosen.length === 0 ? (
          <p>{t`No baggage chosen yet.`}</p>
        ) : (
          <ul>
            {chosen.map(({ flightIndex, passengerIndex, item }) => {
              const flight = flights[flightIndex]!;
              const pax = flight.passengers[passengerIndex]!.pax;
              return <li key={bagKey(flightIndex, passengerIndex, item.code)}>{`${subtitle(flightIndex, flights.length)} · ${fullName(pax)} · ${bagName(item.code, item.name)}: ${money(item.price)}`}</li>;
            })}
          </ul>
        )}
        <p className="extras__total">{t`Total baggage: ${money(bagsTotal(flights, bags))}`}</p>
      </aside>
      <div className="extras__actions">
        {last ? (
          <Button onPress={() => send({ type: 'bags.finish' })} isDisabled={!editing}>{t`Finish baggage selection`}</Button>
        ) : (
          <Button onPress={() => send({ type: 'bags.next' })} isDisabled={!editing}>{t`Next flight`}</Button>
        )}
      </div>
    </div>
  );
}

/** Blocks 5 and 6 for the credit line: available credit and debts; the authorisation when it does not cover the total. */
function CreditLinePanel({ snapshot, send }: { snapshot: PostSaleSnapshot; send: PostSaleViewProps['send'] }) {
  const { t } = useLingui();
  const { order, form, ref } = snapshot.context;
  const credit = order?.credit ?? null;
  const total = postSaleTotal(snapshot.context);
  const mayAuthorize = creditShort(credit, total) && !(ref?.isBusiness ?? false);
  return (
    <div className="postsale-credit">
      {credit ? (
        <dl className="facts">
          <div>
            <dt>{t`Available credit`}</dt>
            <dd>{money(credit.available)}</dd>
          </div>
          <div>
            <dt>{t`Debts`}</dt>
            <dd>{money(credit.debts)}</dd>
          </div>
        </dl>
      ) : (
        <p>{t`This order has no credit line available.`}</p>
      )}
      {mayAuthorize && (
        <>
          <Checkbox isSelected={form.authorize} onChange={(on) => send({ type: 'authorize.toggle', on })}>
            {t`Issue with authorisation`}
          </Checkbox>
          {form.authorize && (
            <Select
              label={t`Person who authorises`}
              options={(order?.authorizers ?? []).map((person) => ({ id: person.id, label: person.displayName }))}
              selectedKey={form.authorizerId}
              onSelectionChange={(authorizerId) => send({ type: 'authorizer.choose', authorizerId })}
            />
          )}
        </>
      )}
    </div>
  );
}

/** Block 7: 'Solicitar factura'; its fields only once ticked. */
function InvoiceBlock({ snapshot, send }: { snapshot: PostSaleSnapshot; send: PostSaleViewProps['send'] }) {
  const { t } = useLingui();
  const { form } = snapshot.context;
  return (
    <section className="card postsale__block" aria-labelledby="postsale-invoice">
      <h2 id="postsale-invoice">{t`Invoice`}</h2>
      <Checkbox isSelected={form.invoiceRequested} onChange={(on) => send({ type: 'invoice.toggle', on })}>
        {t`Request an invoice`}
      </Checkbox>
      {form.invoiceRequested && (
        <div className="payment-card__row">
          <TextField label={t`RUC`} inputMode="numeric" maxLength={11} value={form.invoice.ruc} onChange={(value) => send({ type: 'invoice.change', field: 'ruc', value })} />
          <TextField label={t`Company name`} value={form.invoice.companyName} onChange={(value) => send({ type: 'invoice.change', field: 'companyName', value })} />
          <TextField label={t`Company address`} value={form.invoice.companyAddress} onChange={(value) => send({ type: 'invoice.change', field: 'companyAddress', value })} />
        </div>
      )}
    </section>
  );
}

/** The page's eight blocks in spec 3 §2's order, and its dialogs. */
function PurchaseBlocks({ snapshot, send, seats, today, tokenize }: PostSaleViewProps) {
  const { t } = useLingui();
  const problemText = useProblemText();
  const bagName = useBaggageCodeName();
  const subtitle = useFlightSubtitle();
  const { order, form, problem } = snapshot.context;
  if (!order) return null;
  const { ancillaries } = order;
  const flights = ancillaries.baggages.baggages;
  const map = seatMapOf(ancillaries);
  const purchasing = snapshot.matches({ selecting: 'purchasing' }) || snapshot.matches('purchased');
  const confirmedSeats = Object.entries(snapshot.context.seats.confirmed);
  const total = postSaleTotal(snapshot.context);
  const seatRoute = (key: string) => {
    const segment = map.segments[Number(key.split(':')[0])];
    return segment ? `${segment.origin} - ${segment.destination}` : '';
  };
  const seatPassenger = (key: string) => {
    const passenger = map.passengers.find((candidate) => candidate.id === key.split(':')[1]);
    return passenger ? fullName(passenger) : key;
  };
  return (
    <>
      {ancillaries.ancillariesSummary.length > 0 && (
        <div className="postsale__previous">
          <Button variant="secondary" onPress={() => send({ type: 'summary.open' })}>
            {t`Show previous purchases`}
          </Button>
        </div>
      )}
      <section className="card postsale__block" aria-labelledby="postsale-seats">
        <h2 id="postsale-seats">{t`Seats`}</h2>
        {seatsOffered(ancillaries) && seats ? (
          <SeatPickerView snapshot={seats} send={send} passengerNames={map.passengers.map((passenger) => fullName(passenger))} />
        ) : (
          <p>{t`No seats were found`}</p>
        )}
        {snapshot.context.seatsFinished && <p className="postsale__done">{t`Seat selection finished.`}</p>}
      </section>
      <section className="card postsale__block" aria-labelledby="postsale-bags">
        <h2 id="postsale-bags">{t`Baggage`}</h2>
        {baggageOffered(flights) ? <BaggageSelection snapshot={snapshot} send={send} flights={flights} /> : <p>{t`No bags were found`}</p>}
        {snapshot.context.bagsFinished && <p className="postsale__done">{t`Baggage selection finished.`}</p>}
      </section>
      <section className="card postsale__block" aria-labelledby="postsale-summary">
        <h2 id="postsale-summary">{t`Purchase summary`}</h2>
        <ul className="postsale__lines">
          {confirmedSeats.map(([key, choice]) => (
            <li key={key}>{`${seatPassenger(key)} · ${seatRoute(key)} · ${t`Seat ${`${choice.row}${choice.column}`}`}: ${money(choice.price)}`}</li>
          ))}
          {chosenBags(flights, snapshot.context.bags).map(({ flightIndex, passengerIndex, item }) => (
            <li key={bagKey(flightIndex, passengerIndex, item.code)}>
              {`${fullName(flights[flightIndex]!.passengers[passengerIndex]!.pax)} · ${subtitle(flightIndex, flights.length)} · ${bagName(item.code, item.name)}: ${money(item.price)}`}
            </li>
          ))}
        </ul>
        <dl className="facts">
          <div>
            <dt>{t`Seats`}</dt>
            <dd>{money(seatsTotal(snapshot.context.seats.confirmed))}</dd>
          </div>
          <div>
            <dt>{t`Baggage`}</dt>
            <dd>{money(bagsTotal(flights, snapshot.context.bags))}</dd>
          </div>
          <div className="facts__total">
            <dt>{t`Total (USD)`}</dt>
            <dd>{money(total)}</dd>
          </div>
        </dl>
      </section>
      <section className="card postsale__block" aria-labelledby="postsale-method">
        <h2 id="postsale-method">{t`Payment method`}</h2>
        {/* The server names a credit line only to its agency's agents: a traveller pays by card. */}
        {snapshot.context.order?.ancillaries.creditAccountId ? (
          <RadioGroup label={t`How do you want to pay?`} value={form.method} onChange={(method) => send({ type: 'method.choose', method: method === 'CASH' ? 'CASH' : 'CARD' })}>
            <Radio value="CARD">{t`Credit or debit card`}</Radio>
            <Radio value="CASH">{t`Cash or credit line`}</Radio>
          </RadioGroup>
        ) : (
          <p>{t`Credit or debit card`}</p>
        )}
      </section>
      <section className="card postsale__block" aria-labelledby="postsale-details">
        <h2 id="postsale-details">{t`Payment details`}</h2>
        {form.method === 'CARD' ? (
          <CardForm
            paymentCode={ANY_CARD}
            onCardChange={(update) => send({ type: 'card.change', valid: update.valid, stored: update.stored })}
            {...(today ? { today } : {})}
            {...(tokenize ? { tokenize } : {})}
          />
        ) : (
          <CreditLinePanel snapshot={snapshot} send={send} />
        )}
      </section>
      <InvoiceBlock snapshot={snapshot} send={send} />
      <div className="postsale__buy">
        <Button onPress={() => send({ type: 'purchase.submit' })} isDisabled={purchasing}>
          {purchasing ? t`Buying... ` : t`Buy`}
        </Button>
      </div>
      <ModalDialog isOpen={snapshot.matches({ selecting: 'summary' })} onOpenChange={(isOpen) => !isOpen && send({ type: 'summary.close' })} title={t`Previous purchase summary`} size="wide">
        <PurchaseSummaryTables
          entries={ancillaries.ancillariesSummary}
          flights={map.segments.length > 0 ? map.segments : flights}
          passengers={map.passengers.map((passenger) => fullName(passenger))}
        />
        <div className="extras__actions">
          <Button onPress={() => send({ type: 'summary.close' })}>{t`Close`}</Button>
        </div>
      </ModalDialog>
      <AlertDialog isOpen={snapshot.matches({ selecting: 'bagsDone' })} title={t`Baggage selected`} actionLabel={t`Accept`} onAction={() => send({ type: 'bags.dismiss' })}>
        <p>{t`Your baggage was selected. Its price is added to your purchase.`}</p>
      </AlertDialog>
      <AlertDialog isOpen={snapshot.matches({ selecting: 'refused' })} title={t`Warning`} actionLabel={t`Accept`} onAction={() => send({ type: 'problem.dismiss' })}>
        <p>{problem ? problemText(problem) : ''}</p>
      </AlertDialog>
    </>
  );
}

/**
 * The post-sale ancillaries purchase page (spec 3 §2) in each state of its machine: a bad link, the
 * spinner, a failed load, the 'Advertencia' pop-up of an order with earlier attempts, a declined
 * warning, and the eight blocks with their dialogs while selecting, checking and buying.
 */
export function PostSaleView(props: PostSaleViewProps) {
  const { t } = useLingui();
  const { snapshot, send } = props;
  if (snapshot.matches('invalidLink')) {
    return (
      <StatusPage tone="warning" title={t`This order link is not valid`} actions={<Link to="/" variant="primary">{t`Go to the main page`}</Link>}>
        <p>{t`Please open the link you received with your booking again, or contact our agents.`}</p>
      </StatusPage>
    );
  }
  if (snapshot.matches('closed')) {
    return (
      <StatusPage tone="warning" title={t`No extras for this booking`} actions={<Link to="/" variant="primary">{t`Go to the main page`}</Link>}>
        <p>{t`This booking expired or was cancelled: seats and baggage can no longer be bought for it. Nothing was charged.`}</p>
      </StatusPage>
    );
  }
  if (snapshot.matches('declined')) {
    return (
      <StatusPage tone="info" title={t`Purchase not continued`} actions={<Link to="/" variant="primary">{t`Go to the main page`}</Link>}>
        <p>{t`Please check this order's earlier purchases with the counter staff or on the Latam portal.`}</p>
      </StatusPage>
    );
  }
  const ref = snapshot.context.ref;
  const identifier = ref?.identifier ?? '';
  return (
    <section className="page-section postsale" aria-labelledby="postsale-title">
      <PageHeading id="postsale-title">{t`Add seats and baggage`}</PageHeading>
      {ref && <p>{ref.isSabreRecordLocator ? t`Booking code ${identifier}` : t`Order ${identifier}`}</p>}
      {/* Marker b (spec 3 §2, §6): the agent sees which channel buys, since it changes the credit line's rules. */}
      {ref?.isBusiness && <p>{t`Purchase from the business channel`}</p>}
      {snapshot.matches('loading') && <Spinner label={t`Loading your order`} />}
      {snapshot.matches('failed') && (
        <div role="alert" className="card">
          <p>{t`Your order could not be loaded.`}</p>
          <Button onPress={() => send({ type: 'order.retry' })}>{t`Try again`}</Button>
        </div>
      )}
      {snapshot.matches('warning') && (
        <ModalDialog isOpen isDismissable={false} title={t`Warning`} onOpenChange={(isOpen) => !isOpen && send({ type: 'warning.decline' })}>
          <p>{t`This orderId has previous attempts to buy ancillaries, please check with the counter staff or on the Latam portal`}</p>
          <div className="extras__actions">
            <Button variant="secondary" onPress={() => send({ type: 'warning.decline' })}>
              {t`Go back`}
            </Button>
            <Button onPress={() => send({ type: 'warning.continue' })}>{t`Continue anyway`}</Button>
          </div>
        </ModalDialog>
      )}
      {(snapshot.matches('selecting') || snapshot.matches('purchased')) && <PurchaseBlocks {...props} />}
    </section>
  );
}
