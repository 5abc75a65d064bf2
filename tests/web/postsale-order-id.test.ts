import { describe, expect, it } from 'vitest';
import { decodePostSaleOrderId } from '../../src/web/features/postsale/order-id.ts';

describe('the post-sale order id parameter', () => {
  it('reads a 6-character identifier as a record locator and marker b as the business channel', () => {
    expect(decodePostSaleOrderId(btoa('QWERTY-b'))).toEqual({ identifier: 'QWERTY', kind: 'recordLocator', business: true });
  });

  it('reads any other identifier as an order id, with or without a marker', () => {
    expect(decodePostSaleOrderId(btoa('1234567-'))).toEqual({ identifier: '1234567', kind: 'orderId', business: false });
    expect(decodePostSaleOrderId(btoa('1234567'))).toEqual({ identifier: '1234567', kind: 'orderId', business: false });
  });

  it('rejects text that is not base64 of that shape', () => {
    expect(decodePostSaleOrderId('%%%')).toBeNull();
    expect(decodePostSaleOrderId(btoa('two words-b'))).toBeNull();
  });
});
