import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, databaseUrlFromEnv, resolveConfig } from './config.ts';

test('ESIGN_DATABASE_URL: unset or empty means SQLite', () => {
  assert.equal(databaseUrlFromEnv({}), undefined);
  assert.equal(databaseUrlFromEnv({ ESIGN_DATABASE_URL: '  ' }), undefined);
  assert.equal(resolveConfig({ dataDir: '/tmp/x' }).databaseUrl, undefined);
});

test('ESIGN_DATABASE_URL: postgres:// and postgresql:// URLs are taken as they are', () => {
  for (const url of [
    'postgres://esign:s3cret@db.internal:5432/esign',
    'postgresql://esign@127.0.0.1/esign?sslmode=require',
    'postgres:///esign?host=/var/run/postgresql',
  ]) {
    assert.equal(databaseUrlFromEnv({ ESIGN_DATABASE_URL: ` ${url} ` }), url);
    assert.equal(resolveConfig({ dataDir: '/tmp/x', databaseUrl: url }).databaseUrl, url);
  }
});

test('ESIGN_DATABASE_URL: anything else is a startup error naming the variable, never echoing a password', () => {
  const cases: [string, RegExp][] = [
    ['mysql://root:hunter2@db/esign', /must start with postgres:\/\/ or postgresql:\/\/ \(got mysql:\/\/\)/],
    ['sqlite:///data/esign.db', /got sqlite:\/\//],
    ['db.internal:5432/esign', /must start with postgres:\/\//],
    ['not a url with hunter2', /is not a URL/],
    ['postgres://esign:hunter2@db:5432', /names no database/],
    ['postgres://esign:hunter2@db:5432/', /names no database/],
  ];
  for (const [value, message] of cases) {
    assert.throws(
      () => databaseUrlFromEnv({ ESIGN_DATABASE_URL: value }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError, value);
        assert.match(error.message, /^ESIGN_DATABASE_URL /);
        assert.match(error.message, message);
        assert.doesNotMatch(error.message, /hunter2/);
        return true;
      },
    );
  }
});
