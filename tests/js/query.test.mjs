// The count grammar of static/query.js in Node, without a browser: each
// case of generator/site/testdata/count-queries.json (which the Go test of
// searchCount reads too) asks for the counts it lists and leaves the
// words it lists.
//
//   node --test tests/js/query.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..', '..');

// load runs static/query.js as a page runs it, in a context of its own.
function load() {
  const window = {};
  vm.runInNewContext(readFileSync(path.join(ROOT, 'static', 'query.js'), 'utf8'), { window });
  return window.gpucompareQuery;
}

const Q = load();
const { sample, cases } = JSON.parse(readFileSync(path.join(ROOT, 'generator', 'site', 'testdata', 'count-queries.json'), 'utf8'));

for (const c of cases) {
  test(`${JSON.stringify(c.q)}${c.bare ? ' (a number alone is a count)' : ''}`, () => {
    const got = Q.parse(c.q, !!c.bare);
    const counts = got.test ? sample.filter((n) => got.test(n)) : null;
    assert.deepEqual(counts, c.counts, 'counts asked for');
    assert.equal(got.rest, c.rest, 'other words');
  });
}

test('a count is never matched by something that is not a number', () => {
  const { test: t } = Q.parse('8x');
  for (const v of [undefined, null, '8', NaN]) assert.equal(t(v), false, String(v));
});
