/**
 * The booking widget's checkout (decision 060). The widget lives in a partner's page, in a frame of
 * another site: no cookie of the shop is sent or kept there, and Stripe Checkout refuses to be framed.
 * So the frame asks the server for the order and a one-time payment link, and opens it in a tab of its
 * own: that tab is the shop's first-party page, where the guest cookie is set and the payment runs.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { call, errorMessage } from '../../api/client';
import { type CheckoutChoice, checkoutForm } from './checkout';

export type WidgetCheckout = (
  choice: CheckoutChoice,
  email: string,
  onRefused: (message: string) => void,
) => Promise<void>;

/**
 * A widget's checkout with its signed token. The tab is opened at once, inside the visitor's click (a
 * tab opened after the server's answer would be a blocked pop-up), then sent to the payment link;
 * `onOpened` gets the link, for a visitor whose browser blocked the tab or who closed it.
 */
export function widgetCheckout(widgetToken: string, onOpened: (url: string) => void): WidgetCheckout {
  return async (choice, email, onRefused) => {
    const tab = window.open('', '_blank');
    if (tab) {
      tab.document.title = i18n._(msg`Redirecting to secure payment...`);
      tab.document.body.textContent = tab.document.title;
    }
    const form = checkoutForm(choice);
    form.append('email', email);
    form.append('widget_token', widgetToken);
    try {
      const { url } = await call('POST /api/widget/checkout/', { body: form }, { auth: false });
      if (tab) tab.location.href = url;
      onOpened(url);
    } catch (err) {
      tab?.close();
      onRefused(errorMessage(err, i18n._(msg`Something went wrong! Please try again.`)));
    }
  };
}
