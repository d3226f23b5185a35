import { describe, expect, it } from 'vitest';
import { entityLogoUrl, shortCompanyName, shortUserName, userImageUrl } from './display-names';

describe('shortCompanyName', () => {
  it('keeps names of 16 characters or fewer', () => {
    expect(shortCompanyName('Acme')).toBe('Acme');
    expect(shortCompanyName('Sixteen chars ok')).toBe('Sixteen chars ok');
  });

  it('cuts longer names to 16 characters plus an ellipsis', () => {
    expect(shortCompanyName('International Widgets Ltd')).toBe('International Wi…');
  });
});

describe('shortUserName', () => {
  it('keeps names of 14 characters or fewer', () => {
    expect(shortUserName('Fourteen chars')).toBe('Fourteen chars');
  });

  it('cuts names longer than 14 characters to 12 plus an ellipsis', () => {
    expect(shortUserName('Fifteen chars!!')).toBe('Fifteen char…');
    expect(shortUserName('Alexandra Montgomery')).toBe('Alexandra Mo…');
  });
});

describe('userImageUrl', () => {
  it('puts the current company id in place of the placeholder', () => {
    expect(userImageUrl('/api/v1/files/entity_id/users/u1.png', 'e-42')).toBe('/api/v1/files/e-42/users/u1.png');
    expect(userImageUrl('/files/{entity_id}/u1.png', 'e-42')).toBe('/files/e-42/u1.png');
  });

  it('has none for an empty value', () => {
    expect(userImageUrl(null, 'e')).toBeNull();
    expect(userImageUrl(' ', 'e')).toBeNull();
  });
});

describe('entityLogoUrl', () => {
  it('uses the logo only when set and not empty', () => {
    expect(entityLogoUrl('/logo.png')).toBe('/logo.png');
    expect(entityLogoUrl('')).toBeNull();
    expect(entityLogoUrl(null)).toBeNull();
  });
});
