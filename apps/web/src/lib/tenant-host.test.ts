import { describe, expect, it } from 'vitest';
import { defaultSiteUrl, subdomainFor } from './tenant-host';

describe('subdomainFor', () => {
  it('reads the label in front of the base domain', () => {
    expect(subdomainFor('acme.localhost', 'localhost')).toBe('acme');
    expect(subdomainFor('Acme.Example.com', 'example.com')).toBe('acme');
    expect(subdomainFor('acme.example.com', 'example.com:8443')).toBe('acme');
  });

  it('finds none on the base domain or on another host', () => {
    expect(subdomainFor('localhost', 'localhost')).toBeNull();
    expect(subdomainFor('example.com', 'example.com')).toBeNull();
    expect(subdomainFor('127.0.0.1', 'localhost')).toBeNull();
    expect(subdomainFor('evil-example.com', 'example.com')).toBeNull();
    expect(subdomainFor('acme.localhost', '')).toBeNull();
  });
});

describe('defaultSiteUrl', () => {
  it('keeps the protocol and the port', () => {
    expect(defaultSiteUrl({ protocol: 'http:', port: '3000' }, 'localhost')).toBe('http://localhost:3000/');
    expect(defaultSiteUrl({ protocol: 'https:', port: '' }, 'example.com')).toBe('https://example.com/');
  });

  it('uses the port of the base domain when it names one', () => {
    expect(defaultSiteUrl({ protocol: 'http:', port: '5173' }, 'localhost:3000')).toBe('http://localhost:3000/');
  });
});
