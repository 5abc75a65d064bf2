import { describe, expect, it } from 'vitest';
import { decodePostSaleOrderId, encodePostSaleOrderId } from '../../src/contract/postsale.ts';

describe('the post-sale order id parameter', () => {
  it('reads a 6-character identifier as a record locator and marker b as the business channel', () => {
    expect(decodePostSaleOrderId(btoa('QWERTY-b'))).toEqual({ identifier: 'QWERTY', marker: 'b', isBusiness: true, isSabreRecordLocator: true });
  });

  it("reads any other identifier as an order id, the app's own dashed ids included", () => {
    expect(decodePostSaleOrderId(btoa('1234567-'))).toMatchObject({ identifier: '1234567', isBusiness: false, isSabreRecordLocator: false });
    expect(decodePostSaleOrderId(encodePostSaleOrderId('ORD-20261123-000123', 'b'))).toMatchObject({ identifier: 'ORD-20261123-000123', isBusiness: true });
    expect(decodePostSaleOrderId(encodePostSaleOrderId('ORD-20261123-000123'))).toMatchObject({ identifier: 'ORD-20261123-000123', isBusiness: false });
  });

  it('rejects text that is not base64 of that shape', () => {
    expect(decodePostSaleOrderId('%%%')).toBeNull();
    expect(decodePostSaleOrderId(btoa('two words-b'))).toBeNull();
  });
});
