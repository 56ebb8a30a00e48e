/**
 * The rules of the ticket purchase (accounts sections 4, 5, 9), apart from the dialogs so that they
 * are tested on their own. Texts are chosen by the dialogs from the codes returned here.
 */

export type PurchaseStep =
  | 'SELECT_TICKET'
  | 'ADD_PAYMENT'
  | 'CONFIRM'
  | 'EDIT_PAYMENT'
  | 'ORDER_CONFIRMATION';

export interface BillingForm {
  first_name: string;
  last_name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
}

export const EMPTY_BILLING: BillingForm = {
  first_name: '',
  last_name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  country: '',
  postal_code: '',
};

export type BillingField = keyof BillingForm;
export type BillingProblem = 'min-2' | 'country' | 'zipcode';

/** COM-32: at least 2 characters after trimming. */
const MIN_2: BillingField[] = ['first_name', 'last_name', 'line1', 'city', 'state'];

/** Every field's problem, shown or not. */
export function billingProblems(form: BillingForm): Partial<Record<BillingField, BillingProblem>> {
  const out: Partial<Record<BillingField, BillingProblem>> = {};
  for (const f of MIN_2) if (form[f].trim().length < 2) out[f] = 'min-2';
  if (form.country.length !== 2) out.country = 'country';
  if (form.postal_code.trim().length <= 2) out.postal_code = 'zipcode';
  return out;
}

/**
 * What the form shows: 'Must be at least 2 characters' once more than 1 character is typed (COM-32);
 * the country and zip code messages once the field was left or a submit was tried (COM-33, COM-34).
 */
export function visibleBillingProblems(
  form: BillingForm,
  touched: ReadonlySet<BillingField>,
  submitted: boolean,
): Partial<Record<BillingField, BillingProblem>> {
  const all = billingProblems(form);
  const out: Partial<Record<BillingField, BillingProblem>> = {};
  for (const [field, problem] of Object.entries(all) as [BillingField, BillingProblem][]) {
    const seen = submitted || touched.has(field);
    if (problem === 'min-2' ? form[field].length > 1 || seen : seen) out[field] = problem;
  }
  return out;
}

/**
 * COM-36: create mode needs every field and a valid card; edit mode needs every field, and a valid
 * card only when the fan started typing a new one (an untouched card field keeps the saved card).
 */
export function paymentFormValid(
  form: BillingForm,
  card: { entered: boolean; valid: boolean },
  mode: 'create' | 'edit',
): boolean {
  if (Object.keys(billingProblems(form)).length > 0) return false;
  return mode === 'create' || card.entered ? card.valid : true;
}

/** COM-08: a saved card goes straight to order creation; none goes to ADD_PAYMENT. */
export function stepAfterSelect(billingEnabled: boolean): 'ORDER' | 'ADD_PAYMENT' {
  return billingEnabled ? 'ORDER' : 'ADD_PAYMENT';
}

/** COM-40: billing is enabled when the first billing record has a non-empty card. */
export function billingEnabled(records: readonly { card: string }[]): boolean {
  return Boolean(records[0]?.card);
}

export interface PaymentError {
  code?: string;
  decline_code?: string;
}

/** COM-26: errors the fan can fix with other payment details. */
export function offersBackToPayment(e: PaymentError): boolean {
  if (e.code === 'incorrect_cvc' || e.code === 'expired_card') return true;
  if (e.code === 'card_declined' && !e.decline_code) return true;
  return e.decline_code === 'insufficient_funds';
}

/** COM-27: any other decline code locks the purchase button. */
export function locksPurchase(e: PaymentError): boolean {
  return Boolean(e.decline_code) && !offersBackToPayment(e);
}

/** COM-13: an order is made again only when there is none or the payment details changed. */
export function needsNewOrder(existing: { billingKey: string } | null, billingKey: string): boolean {
  return existing === null || existing.billingKey !== billingKey;
}

/** Ticket retrieval after purchase (accounts section 9): first after 500 ms, then every 3 s, 4 retries. */
export const TICKET_RETRIEVAL = { firstDelayMs: 500, retryMs: 3000, retries: 4 } as const;

/** COM-23..25: 200 found; above 401 and below 500 retry; otherwise (500 ...) show Close. */
export function retrievalStep(
  status: number | null,
  retriesDone: number,
): 'found' | 'retry' | 'failed' | 'close' {
  if (status === 200) return 'found';
  if (status !== null && status > 401 && status < 500) {
    return retriesDone < TICKET_RETRIEVAL.retries ? 'retry' : 'failed';
  }
  return 'close';
}
