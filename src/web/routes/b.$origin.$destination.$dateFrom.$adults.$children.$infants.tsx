import { createFileRoute } from '@tanstack/react-router';
import { ResultsFrame } from '../features/results/ResultsFrame.tsx';
import { parseResultsUrl } from '../features/results/results-url.ts';
import { oneWayResultsParams, resultsQuerySchema } from '../features/results/results-route.ts';

export const Route = createFileRoute('/b/$origin/$destination/$dateFrom/$adults/$children/$infants')({
  params: oneWayResultsParams,
  validateSearch: resultsQuerySchema,
  component: function AgencyOneWayResults() {
    return <ResultsFrame reading={parseResultsUrl(Route.useParams(), Route.useSearch(), true)} />;
  },
});
