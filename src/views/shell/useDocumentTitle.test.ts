import { describe, expect, it } from 'vitest';
import { documentTitle } from './useDocumentTitle';

describe('documentTitle', () => {
  it('names the page, then the product', () => {
    expect(documentTitle('New template')).toBe('New template · Herald');
    expect(documentTitle('新建模板')).toBe('新建模板 · Herald');
  });
  it('lets a label that names the product stand alone', () => {
    expect(documentTitle('Sign in to Herald')).toBe('Sign in to Herald');
  });
  it('is the product alone until the label is known', () => {
    expect(documentTitle(undefined)).toBe('Herald');
  });
});
