import { describe, expect, it } from 'vitest';
import { displayName, readSession, saveSession, SESSION_KEY } from './session';

const SUB = '1405ac17-5b1c-4a8e-9f0e-2d3c4b5a6978';
const stored = () => JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as unknown;

describe('admin session', () => {
  it('names the person by their name, or by e-mail when the login gives an id or nothing', () => {
    expect(displayName('Ada Lovelace', 'ada@example.com')).toBe('Ada Lovelace');
    expect(displayName(SUB, 'ada@example.com')).toBe('ada@example.com');
    expect(displayName(SUB.toUpperCase(), 'ada@example.com')).toBe('ada@example.com');
    expect(displayName('  ', 'ada@example.com')).toBe('ada@example.com');
  });

  it('stores the spec’s userState shape with the e-mail as the name when the login username is the user id', () => {
    saveSession({ username: SUB, email: 'ada@example.com', token: 'jwt-1' });
    expect(stored()).toEqual({
      isAdminLoggedIn: true,
      name: 'ada@example.com',
      email: 'ada@example.com',
      token: 'jwt-1',
    });
  });

  it('migrates a stored userState whose name is a user id, keeping its token', () => {
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ isAdminLoggedIn: true, name: SUB, email: 'ada@example.com', token: 't' }),
    );
    const session = readSession();
    expect(session).toEqual({
      isAdminLoggedIn: true,
      name: 'ada@example.com',
      email: 'ada@example.com',
      token: 't',
    });
    expect(stored()).toEqual(session);
    // Stable for React's external store: the same object until storage changes again.
    expect(readSession()).toBe(session);
  });

  it('leaves a stored person’s name alone', () => {
    const value = { isAdminLoggedIn: true, name: 'Ada', email: 'ada@example.com', token: 't' };
    localStorage.setItem(SESSION_KEY, JSON.stringify(value));
    expect(readSession()).toEqual(value);
    expect(stored()).toEqual(value);
  });
});
