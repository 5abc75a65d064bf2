import { createFileRoute } from '@tanstack/react-router';
import { ResultsFrame } from '../features/results/ResultsFrame.tsx';
import { parseResultsUrl } from '../features/results/results-url.ts';
import { roundTripResultsParams, resultsQuerySchema } from '../features/results/results-route.ts';

export const Route = createFileRoute('/b/$origin/$destination/$dateFrom/$dateTo/$adults/$children/$infants')({
  params: roundTripResultsParams,
  validateSearch: resultsQuerySchema,
  component: function AgencyRoundTripResults() {
    return <ResultsFrame reading={parseResultsUrl(Route.useParams(), Route.useSearch(), true)} />;
  },
});
