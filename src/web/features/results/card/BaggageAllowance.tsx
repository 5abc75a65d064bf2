import type { BagInclusion } from '../../../../contract/fare-inclusions.ts';
import { useInclusionTexts } from '../../fare-inclusions/inclusion-texts.ts';

export type BaggageKind = 'carryOn' | 'checkedBag';

function BagIcon({ kind }: { kind: BaggageKind }) {
  return (
    <svg className="bag-icon" width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {kind === 'carryOn' ? (
        <path d="M9 3h6v3h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h2V3zm2 2v1h2V5h-2z" fill="currentColor" />
      ) : (
        <path d="M8 2h8v4h2a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2h-1v1h-2v-1H9v1H7v-1H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h2V2zm2 2v2h4V4h-4z" fill="currentColor" />
      )}
    </svg>
  );
}

/**
 * Spec 1 §9: 'piece' or 'pieces' plus an optional weight in Kg, after an icon, worded from the fare's
 * inclusions as the fare comparison and checkout word them. The kind of bag is written out in lists
 * and read out (not shown) beside the compact icons of a flight row.
 */
export function BaggageAllowance({ kind, bag, showsKind = false }: { kind: BaggageKind; bag: BagInclusion; showsKind?: boolean }) {
  const texts = useInclusionTexts();
  return (
    <span className="baggage" data-included={bag.state === 'INC' && bag.pieces > 0 ? 'true' : 'false'}>
      <BagIcon kind={kind} />
      <span>
        <span className={showsKind ? undefined : 'visually-hidden'}>{texts.bagKind(kind)}: </span>
        {texts.bag(bag)}
      </span>
    </span>
  );
}
