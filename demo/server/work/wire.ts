/**
 * What crosses between the server and a pool worker process. The IPC channel's serializer (v8's, as
 * `serialization: 'advanced'`) copies typed arrays, Dates and Maps but not crypto KeyObjects (the seal
 * key travels with the final PDF job), so those are written as DER and made into KeyObjects again on
 * the other side. Only plain objects and arrays are walked; everything else crosses as it is.
 */
import crypto from 'node:crypto';

interface WireKey {
  __wireKey: 'private' | 'public' | 'secret';
  bytes: Uint8Array;
}

export function toWire(value: unknown): unknown {
  if (value instanceof crypto.KeyObject) return wireKey(value);
  if (Array.isArray(value)) return value.map(toWire);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]));
  return value;
}

export function fromWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromWire);
  if (isPlainObject(value)) {
    if ('__wireKey' in value) return keyOf(value as unknown as WireKey);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromWire(v)]));
  }
  return value;
}

function wireKey(key: crypto.KeyObject): WireKey {
  if (key.type === 'private') return { __wireKey: 'private', bytes: key.export({ format: 'der', type: 'pkcs8' }) };
  if (key.type === 'public') return { __wireKey: 'public', bytes: key.export({ format: 'der', type: 'spki' }) };
  return { __wireKey: 'secret', bytes: key.export() };
}

function keyOf(wire: WireKey): crypto.KeyObject {
  const bytes = Buffer.from(wire.bytes);
  if (wire.__wireKey === 'private') return crypto.createPrivateKey({ key: bytes, format: 'der', type: 'pkcs8' });
  if (wire.__wireKey === 'public') return crypto.createPublicKey({ key: bytes, format: 'der', type: 'spki' });
  return crypto.createSecretKey(bytes);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
