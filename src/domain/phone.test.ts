import { describe, expect, it } from 'vitest';
import { phoneDigits, whatsappLink, whatsappNumber, formatPhone, telHref } from './phone';

describe('whatsappNumber (spec §5)', () => {
  it.each([
    // 11 digits starting with 7 or 8 -> 7 + last 10
    ['79123456789', '79123456789'],
    ['89123456789', '79123456789'],
    ['+7 (912) 345-67-89', '79123456789'],
    ['8-912-345-67-89', '79123456789'],
    ['8 (912) 345 67 89', '79123456789'],
    // 10 digits -> 7 prefixed
    ['9123456789', '79123456789'],
    ['(912) 345-67-89', '79123456789'],
    // anything else: digits as they are
    ['+375 29 123-45-67', '375291234567'],
    ['+49 30 1234567', '49301234567'],
    ['19123456789', '19123456789'],
    ['345-67-89', '3456789'],
    ['тел. 912 345', '912345'],
    ['нет телефона', ''],
    ['', ''],
  ])('%j -> %j', (phone, expected) => {
    expect(whatsappNumber(phone)).toBe(expected);
  });
});

describe('whatsappLink', () => {
  it('uses wa.me with the normalised number', () => {
    expect(whatsappLink({ phone: '8 912 345-67-89' })).toBe('https://wa.me/79123456789');
  });
  it('gives no link for an empty phone', () => {
    expect(whatsappLink({ phone: '' })).toBeNull();
    expect(whatsappLink({ phone: '  - ' })).toBeNull();
  });
  it("prefers an imported client's own whatsappUrl", () => {
    expect(whatsappLink({ phone: '', whatsappUrl: 'https://wa.me/79990001122' })).toBe(
      'https://wa.me/79990001122',
    );
  });
  it('ignores an imported link that is not a web address', () => {
    expect(whatsappLink({ phone: '9123456789', whatsappUrl: 'javascript:alert(1)' })).toBe(
      'https://wa.me/79123456789',
    );
  });
  it('phoneDigits strips everything but digits', () => {
    expect(phoneDigits('+7 (912) 345-67-89 доб. 1')).toBe('791234567891');
  });
});

describe('formatPhone and telHref (issue 19)', () => {
  it.each([
    ['89123456789', '+7 912 345-67-89', 'tel:+79123456789'],
    ['+7 (912) 345-67-89', '+7 912 345-67-89', 'tel:+79123456789'],
    ['8-912-345-67-89', '+7 912 345-67-89', 'tel:+79123456789'],
    ['9123456789', '+7 912 345-67-89', 'tel:+79123456789'],
    ['  7 912 3456789 ', '+7 912 345-67-89', 'tel:+79123456789'],
    // Not a Russian number: shown as typed, dialled with its country code kept.
    ['+375 29 123-45-67', '+375 29 123-45-67', 'tel:+375291234567'],
    ['123-45', '123-45', 'tel:12345'],
    // An extension is shown, and left out of the number to dial.
    ['89123456789 доб. 12', '+7 912 345-67-89 доб. 12', 'tel:+79123456789'],
    ['8 (495) 000-00-00, ext 7', '+7 495 000-00-00 доб. 7', 'tel:+74950000000'],
  ])('%s -> %s, %s', (typed, shown, href) => {
    expect(formatPhone(typed)).toBe(shown);
    expect(telHref(typed)).toBe(href);
  });

  it('has no link for a phone without digits', () => {
    expect(telHref('')).toBeNull();
    expect(telHref('нет')).toBeNull();
    expect(formatPhone('  ')).toBe('');
  });
});
