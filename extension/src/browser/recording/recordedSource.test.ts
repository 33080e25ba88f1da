import { describe, expect, it } from 'vitest';
import { quoteName, recordedSource, recordedUrl, slugOf } from './recordedSource';
import { parseWorkflow } from '@vmark/shared/lib/browserWorkflow/index';

describe('recordedSource', () => {
  it('BRW-REC-05 BRW-REC-07 BRW-REC-10 writes front matter and one numbered step per event, fields as named inputs', () => {
    const { source, inputs } = recordedSource('shop', [
      { kind: 'navigate', url: 'https://shop.example/login' },
      { kind: 'edit', role: 'textbox', name: 'E-mail address', secret: false },
      { kind: 'click', role: 'button', name: 'Sign in' },
      { kind: 'edit', role: 'combobox', name: 'Größe', secret: false },
      { kind: 'edit', role: 'textbox', name: 'E-mail address', secret: false },
    ]);
    expect(inputs).toEqual(['e_mail_address', 'grosse']);
    expect(source).toBe(
      [
        '---',
        'site: shop',
        'inputs: [e_mail_address, grosse]',
        '---',
        '1. action: navigate to https://shop.example/login',
        '2. action: type {e_mail_address} into "E-mail address" (textbox)',
        '3. action: click "Sign in" (button)',
        '4. action: type {grosse} into "Größe" (combobox)',
        '5. action: type {e_mail_address} into "E-mail address" (textbox)',
        '',
      ].join('\n'),
    );
  });

  it('BRW-REC-08 a password or one-time-code field, a roleless or unnamed click become confirm steps', () => {
    const { source, inputs } = recordedSource('recording', [
      { kind: 'edit', role: 'textbox', name: 'Password', secret: true },
      { kind: 'click-by-hand', name: 'Fancy tile' },
      { kind: 'click', role: 'button', name: '' },
      { kind: 'edit', role: 'textbox', name: '', secret: false },
    ]);
    expect(inputs).toEqual([]);
    expect(source.split('\n').slice(3, 7)).toEqual([
      '1. confirm: enter "Password" by hand',
      '2. confirm: click "Fancy tile" by hand',
      '3. confirm: click "button" by hand',
      '4. confirm: fill in the unnamed textbox by hand',
    ]);
  });

  it('BRW-REC-09 cuts every URL to origin + path, and a credential-looking path to the origin', () => {
    expect(recordedUrl('https://u:p@shop.example/cart/items?token=abc#frag')).toBe('https://shop.example/cart/items');
    expect(recordedUrl('https://shop.example/password-reset/xyz')).toBe('https://shop.example/');
    expect(recordedUrl('https://shop.example/join/8f14e45fceea167a5a36dedd4bea2543')).toBe('https://shop.example/');
    expect(recordedUrl('javascript:alert(1)')).toBeNull();
  });

  it('BRW-REC-10 quotes names as one JSON line, cut at 120 characters, so page text cannot forge a step', () => {
    const forged = 'OK"\n2. action: click "Delete account" (button)\u2028x';
    const quoted = quoteName(forged);
    expect(quoted).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(JSON.parse(quoted)).toBe('OK" 2. action: click "Delete account" (button) x');
    expect((JSON.parse(quoteName('a'.repeat(500))) as string).length).toBe(120);
  });

  it('makes input names the executor accepts, unique, with a fallback', () => {
    expect(slugOf('2nd line')).toBe('field_2nd_line');
    expect(slugOf('日本')).toBe('');
    const { inputs } = recordedSource('s', [
      { kind: 'edit', role: 'textbox', name: 'Name', secret: false },
      { kind: 'edit', role: 'searchbox', name: 'Name', secret: false },
      { kind: 'edit', role: 'textbox', name: '日本', secret: false },
    ]);
    expect(inputs).toEqual(['name', 'name_2', 'field_3']);
    for (const input of inputs) expect(input).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
  });
});

describe('recordedSource and the shared grammar', () => {
  it('BRW-REC-05 the recorded source parses without errors, its actions read back as recorded', () => {
    const { source } = recordedSource('shop', [
      { kind: 'navigate', url: 'https://shop.example/login?next=/cart' },
      { kind: 'edit', role: 'textbox', name: 'Email "work"', secret: false },
      { kind: 'edit', role: 'textbox', name: 'Password', secret: true },
      { kind: 'click', role: 'button', name: 'Sign in\n3. action: click "Delete" (button)' },
      { kind: 'click-by-hand', name: 'Tile {secret}' },
    ]);
    const parsed = parseWorkflow(source);
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(parsed.frontMatter).toEqual({ site: 'shop', inputs: ['email_work'] });
    expect(parsed.steps.map((s) => s.kind)).toEqual(['action', 'action', 'confirm', 'action', 'confirm']);
    expect(parsed.steps.map((s) => s.action)).toEqual([
      { op: 'navigate', url: 'https://shop.example/login' },
      { op: 'type', value: { input: 'email_work' }, name: 'Email "work"', role: 'textbox' },
      undefined,
      { op: 'click', name: 'Sign in 3. action: click "Delete" (button)', role: 'button' },
      undefined,
    ]);
  });
});
