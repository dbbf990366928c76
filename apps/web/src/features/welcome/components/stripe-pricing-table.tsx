import { useEffect } from 'react';

const PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

type TStripePricingTableAttributes = {
  'pricing-table-id': string;
  'publishable-key': string;
  'customer-session-client-secret'?: string;
  'client-reference-id'?: string;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'stripe-pricing-table': TStripePricingTableAttributes;
    }
  }
}

/** Adds Stripe's pricing-table script once; the server's CSP allows js.stripe.com for exactly this. */
const useStripePricingTableScript = () => {
  useEffect(() => {
    if (document.querySelector(`script[src="${PRICING_TABLE_SCRIPT}"]`)) return;
    const script = document.createElement('script');
    script.src = PRICING_TABLE_SCRIPT;
    script.async = true;
    document.head.appendChild(script);
  }, []);
};

type TStripePricingTableProps = {
  pricingTableId: string;
  publishableKey: string;
  customerSessionClientSecret: string;
  /** The client's payment_engine_id, so that Stripe's checkout is tied to this client. */
  clientReferenceId: string;
};

/** Stripe's own pricing table (spec 1 §2.8), shown when the installation bills through Stripe. */
export const StripePricingTable = ({
  pricingTableId,
  publishableKey,
  customerSessionClientSecret,
  clientReferenceId,
}: TStripePricingTableProps) => {
  useStripePricingTableScript();
  return (
    <stripe-pricing-table
      pricing-table-id={pricingTableId}
      publishable-key={publishableKey}
      customer-session-client-secret={customerSessionClientSecret}
      client-reference-id={clientReferenceId}
    />
  );
};
