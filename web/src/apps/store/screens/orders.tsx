import OrdersRoute from '@/features/orders/routes/orders';
import { SavePlayerOffer } from '@/features/players/save-player-offer';
import { LiveUpdates } from '@/features/push/live-updates';
import { PushPrompt } from '@/features/push/push-prompt';

/** /orders, with what other features put above the list: the offer to save a player, pushes, live updates. */
export default function OrdersScreen() {
  return (
    <OrdersRoute
      notices={
        <>
          <SavePlayerOffer />
          <PushPrompt />
          <LiveUpdates />
        </>
      }
    />
  );
}
