import { describe, expect, it } from 'vitest';
import { type KeyValueStorage, splitKeyStorage } from './split-storage.ts';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

interface S {
  user: { id: number } | null;
  authToken: string | null;
}

describe('splitKeyStorage', () => {
  it('stores each field under its own key and removes empty ones', () => {
    const mem = memoryStorage();
    const storage = splitKeyStorage<S>(['user', 'authToken'], () => mem);
    storage.setItem('session', { state: { user: { id: 7 }, authToken: 'abc' }, version: 0 });
    expect(mem.data.get('user')).toBe('{"id":7}');
    expect(mem.data.get('authToken')).toBe('"abc"');
    storage.setItem('session', { state: { user: null, authToken: null }, version: 0 });
    expect(mem.data.size).toBe(0);
  });

  it('reads the fields back, dropping values that are not JSON', () => {
    const mem = memoryStorage();
    mem.data.set('authToken', '"tok"');
    mem.data.set('user', '{broken');
    const storage = splitKeyStorage<S>(['user', 'authToken'], () => mem);
    expect(storage.getItem('session')).toEqual({ state: { authToken: 'tok' }, version: 0 });
    expect(mem.data.has('user')).toBe(false);
  });

  it('returns null when nothing is stored or storage is unavailable', () => {
    expect(splitKeyStorage<S>(['user'], () => memoryStorage()).getItem('x')).toBeNull();
    expect(splitKeyStorage<S>(['user'], () => null).getItem('x')).toBeNull();
  });
});
