import { describe, expect, it } from 'vitest';
import { withServerOption } from './restore-backup';

describe('withServerOption', () => {
  it("adds a setting after the address's own options, spaces as %20, other parameters as they were", () => {
    const url = withServerOption(
      'postgres://shop:p%2Bw@db:5432/glz?options=-c%20search_path%3Dglz&password=a%2Bb&sslmode=require',
      'maintenance_work_mem=256MB',
    );
    const parsed = new URL(url);
    expect(parsed.searchParams.get('options')).toBe('-c search_path=glz -c maintenance_work_mem=256MB');
    expect(parsed.searchParams.get('password')).toBe('a+b');
    expect(parsed.searchParams.get('sslmode')).toBe('require');
    expect(url).not.toContain('+');
    expect(parsed.password).toBe('p%2Bw');
  });

  it('gives an address without options its first', () => {
    expect(withServerOption('postgres://postgres@127.0.0.1:5432/test', 'x=1')).toBe(
      'postgres://postgres@127.0.0.1:5432/test?options=-c%20x%3D1',
    );
  });
});
