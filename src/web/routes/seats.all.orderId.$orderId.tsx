import { createFileRoute } from '@tanstack/react-router';
import { PostSalePage } from '../features/postsale/PostSalePage.tsx';

export const Route = createFileRoute('/seats/all/orderId/$orderId')({ component: PostSalePurchase });

/** Buying seats and baggage for an existing order (spec 3 §2 "Post-sale ancillaries purchase page"). */
function PostSalePurchase() {
  const { orderId } = Route.useParams();
  return <PostSalePage key={orderId} orderIdParam={orderId} />;
}
