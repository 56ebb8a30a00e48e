import { AppError } from '../../errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

const unavailable = (): never => {
  throw new AppError('PAYMENTS_UNAVAILABLE', 503, 'Purchases are not available right now.');
};

/**
 * PAYMENT_PROVIDER=none (the production default until a real provider is configured): every call that
 * would move money answers 503, and the client hides its purchase entry points (features.purchases).
 */
export const unavailableProvider: PaymentProvider = {
  name: 'none',
  publishableKey: '',
  createCustomer: unavailable,
  createSetupIntent: unavailable,
  createPaymentIntent: unavailable,
  confirmOffSession: unavailable,
  refund: unavailable,
  detachPaymentMethod: unavailable,
  // No provider, no events.
  onEvent: () => undefined,
};
