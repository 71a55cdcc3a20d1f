// The JS-built results (src/js/fast.rs + fast.js build `UpdateResult` and its `TransitionRecord` from
// short strings instead of parsing serde's JSON) against serde's own text for the same row: what
// `session.transitions()` hands out (the serde path), read at the moment the update returned. Every
// record shape the store tap can produce — fired and stimulus causes, named, asserted and inferred
// attribution, payloads with odd strings and numbers, claimed navigation, a record-less report —
// must come out with the same keys, in the same order, with the same values.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');
const { wizardDefinition } = require('./helpers/wizard.cjs');

function wizard() {
  const app = { path: '/projects/new' };
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const session = gf.createSession(graph, (href) => { app.path = href; }, {
    node: 'wizard', state: { 'project.name': '', 'project.recipe': '', 'projects.count': 0 }, onWarn: () => {},
  });
  return { session, app };
}

/** The update's result next to serde's text of the same row, both as JSON text (key order counts). */
function sameAsSerde(session, result) {
  const text = JSON.stringify(result);
  if (result.transition !== undefined) {
    const row = session.transitions().find((t) => t.id === result.transition.id);
    assert.ok(row, `the row ${result.transition.id} is in the ledger`);
    assert.equal(JSON.stringify(result.transition), JSON.stringify(row));
  }
  return text;
}

test('updateState inside a handler: the JS-built record equals serde\'s row', () => {
  const { session } = wizard();
  const seen = [];
  const payloads = [
    { name: 'plain' },
    { name: 'quote " back \\ tab \t nl \n ctl \u0001 — ünï ✓ 😀', n: -0, big: 2 ** 53, f: 1.5e-7, list: [null, true, { z: 1, a: 2 }], '10': 'x', '2': 'y' },
  ];
  session.registerActions('wizard', {
    handlers: {
      'name-it': (input) => {
        const r = session.updateState({ 'project.name': input.name, 'project.recipe': '', 'projects.count': 0 });
        seen.push(sameAsSerde(session, r));
        return r;
      },
    },
  });
  for (const payload of payloads) {
    const fired = session.fire('wizard.name-it', { payload });
    assert.equal(fired.ok, true);
  }
  assert.equal(seen.length, 2);
  const first = JSON.parse(seen[0]);
  assert.deepEqual(Object.keys(first), ['ok', 'attributed', 'transition', 'version']);
  assert.equal(first.transition.cause.kind, 'fired');
  assert.equal(JSON.stringify(JSON.parse(seen[1]).transition.payload), JSON.stringify(payloads[1]));
});

test('updateState outside a handler: stimulus rows, named rows, asserted principals and refusals', () => {
  const { session } = wizard();
  const results = [
    session.updateState({ 'project.name': 'a' }),
    session.updateState({ 'project.name': 'b' }, { stimulus: 'typed "b"\n' }),
    session.updateState({ 'project.name': 'c' }, { principal: 'user' }),
    session.updateState({ 'project.name': 'd' }, { stimulus: 'x', principal: 'system' }),
    session.updateState({}),
    session.updateState({ 'project.name': 'd' }),
    session.updateState({ 'project.name': 'e' }, { transitionId: 'nope#1' }),
  ];
  for (const r of results) sameAsSerde(session, r);
  assert.ok(results.some((r) => r.transition && r.transition.cause.kind === 'stimulus'), 'a stimulus row was built');
  // Keys and values the walker must escape (or need not) reach the state exactly.
  const odd = { 'q"k': 'v"\\', 'b\\k': '\n', 'c\u0001k': '\u001f', '\u2028': 'é😀', '","x":"': '</script>' };
  assert.equal(session.updateState(odd).ok, true);
  const state = session.state();
  for (const [k, v] of Object.entries(odd)) assert.equal(state[k], v, JSON.stringify(k));
  assert.equal(results.at(-1).ok, false);
  assert.equal(results.at(-1).reason, 'UNKNOWN_TRANSITION');
});

test('updateState settling a navigation and a deferred fire by transitionId', async () => {
  const { session, app } = wizard();
  let resolve;
  session.registerActions('wizard', {
    handlers: { 'name-it': () => new Promise((r) => { resolve = r; }) },
  });
  const fired = session.fire('wizard.name-it', { payload: { name: 'later' } });
  assert.equal(fired.ok, true);
  const named = session.updateState({ 'project.name': 'later' }, { transitionId: fired.transitionId });
  sameAsSerde(session, named);
  resolve();
  await new Promise((r) => setTimeout(r, 0));
  app.path = '/projects/new/review';
  const synced = session.sync('review');
  assert.ok(synced);
  sameAsSerde(session, session.updateState({ 'project.recipe': 'r' }));
});

test('refused fire results (serde_json text, the general route) keep serde\'s keys and order', () => {
  const { session } = wizard();
  const unknown = session.fire('wizard.not-an-action');
  assert.equal(JSON.stringify(unknown), JSON.stringify({
    ok: false, reason: 'UNKNOWN_AFFORDANCE', affordanceId: 'wizard.not-an-action',
    available: ['wizard.name-it', 'wizard.next-to-review', 'go-to-projects', 'go-to-review'],
  }));
  assert.equal(Object.getPrototypeOf(unknown), Object.prototype, 'a plain object');
  const greyed = session.fire('wizard.next-to-review');
  assert.equal(greyed.ok, false);
  const keys = Object.keys(greyed);
  const order = ['ok', 'transitionId', 'settlement', 'effectStatus', 'version', 'reason', 'affordanceId', 'evidence', 'issues', 'available', 'node', 'askId', 'materialized'];
  assert.deepEqual(keys, order.filter((k) => keys.includes(k)), 'keys in FireResult field order');
  assert.ok(keys.every((k) => greyed[k] !== undefined && greyed[k] !== null), 'absent members are left out, not null');
  // The ledger row the refusal wrote, handed out the same way, matches its own serde shape.
  const gap = session.gaps().at(-1);
  assert.equal(gap.affordanceId, 'wizard.next-to-review');
});

// A fire's handler gets the JS walker's copy of its payload (src/js/fast.js `fireOptions`, src/js/session/host.rs
// `lend_payload`), not the core's value written out again: it must be the value the core
// checked and kept — serde's row payload — with the same keys in the same order, for odd values too.
// The copy is lent for the handler of the fire that read it, and only that one: a fire made by the
// port or by `onWarn` while an outer fire's copy is still lent (its handler not yet called: the
// outer fire's warning runs first), or nested in a handler, hands its own handler its own input.
test('a lent payload copy reaches only the handler of the fire that read it', () => {
  const text = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
  const graph = gf.buildNavigationGraph('desk', {
    pages: {
      desk: {
        actions: {
          sign: { does: 'Sign the form', confirm: true, input: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] } },
          note: { does: 'Write a note', input: text },
        },
      },
    },
  });
  let session = null;
  let port = null;
  const warned = [];
  session = gf.createSession(graph, undefined, {
    onWarn: (message) => {
      warned.push(message);
      // The high-effect warning, told before `sign`'s handler runs (its copy still lent).
      port.call('desk.do_action', { action: 'note', input: { text: 'from the port' } });
      session.fire('desk.note', { payload: { text: 'from onWarn' } });
    },
  });
  port = gf.serveToAgent(session);
  const seen = [];
  session.registerActions('desk', {
    handlers: {
      sign: (input) => {
        seen.push(['sign', input]);
        session.fire('desk.note', { payload: { text: 'nested' } });
        seen.push(['sign after nesting', input]);
      },
      note: (input) => { seen.push(['note', input]); },
    },
  });
  assert.equal(session.fire('desk.sign', { payload: { who: 'outer' } }).ok, true);
  assert.equal(warned.length, 1, 'one high-effect warning, told before the handler ran');
  assert.deepEqual(JSON.parse(JSON.stringify(seen)), [
    ['note', { text: 'from the port' }],
    ['note', { text: 'from onWarn' }],
    ['sign', { who: 'outer' }],
    ['note', { text: 'nested' }],
    ['sign after nesting', { who: 'outer' }],
  ]);
  port.free();
  session.free();
});

test('a handler\'s input is the payload the core kept, key order and odd values included', () => {
  const { session } = wizard();
  const inputs = [];
  session.registerActions('wizard', {
    handlers: { 'name-it': (input) => { inputs.push(input); } },
  });
  const payloads = [
    { name: 'plain' },
    { name: 'ünï — ✓ 😀 "q" \\ \n \t \u0001 \u2028', n: -0, big: 2 ** 53 - 1, neg: -(2 ** 53 - 1), f: 1.5e-7, e: 1e21, tiny: 5e-324, max: Number.MAX_VALUE },
    { name: 'order', z: 1, a: { y: [1, { b: 2, a: 1 }], x: null }, '10': 'ten', '2': 'two', '': 'empty' },
    { name: 'holes', list: [undefined, null, () => 1 === 1 ? undefined : 0].slice(0, 2), skipped: undefined, nan: NaN, inf: -Infinity },
    { name: 'proto', ['__proto__']: 'own' },
    { name: 'deep', d: [[[[[[[[[['x']]]]]]]]]] },
    { name: 'keys', 'q"k': 1, 'b\\k': 2, 'n\nk': 3, 'c\u0001k': 4, '\u2028': 5, 'é😀': 6, '","x":"': 7 },
  ];
  // `__proto__` as an own data member (JSON.parse makes one, as a literal's computed key does not).
  payloads[4] = JSON.parse('{"name":"proto","__proto__":{"own":true}}');
  for (const payload of payloads) {
    const fired = session.fire('wizard.name-it', { payload });
    assert.equal(fired.ok, true, JSON.stringify(fired));
  }
  assert.equal(inputs.length, payloads.length);
  const rows = session.transitions().filter((t) => t.cause.kind === 'fired');
  assert.equal(rows.length, payloads.length);
  for (let i = 0; i < payloads.length; i += 1) {
    const input = inputs[i];
    // (The `__proto__` payload included: transitions() hands its rows out by `JSON.parse`, which
    // keeps it an own member; docs/boundary.md, "A member named `__proto__`".)
    assert.equal(JSON.stringify(input), JSON.stringify(rows[i].payload), `payload ${i}: as kept`);
    assert.equal(JSON.stringify(input), JSON.stringify(payloads[i]), `payload ${i}: as sent`);
    assert.notEqual(input, payloads[i], 'a copy, not the caller\'s object');
    assert.equal(Object.getPrototypeOf(input), Object.prototype);
  }
  assert.ok(Object.is(inputs[1].n, 0), '-0 arrives as 0, as the core keeps it');
  assert.ok(Object.hasOwn(inputs[4], '__proto__'), '__proto__ stays an own member');
  assert.ok(Object.hasOwn(rows[4].payload, '__proto__'), '__proto__ stays an own member of the row');
  assert.equal(Object.getPrototypeOf(rows[4].payload), Object.prototype);
  assert.deepEqual(Object.keys(inputs[2]), ['2', '10', 'name', 'z', 'a', '']);
  assert.notEqual(inputs[2].a, payloads[2].a, 'nested objects are copies too');
  assert.notEqual(inputs[2].a.y, payloads[2].a.y, 'nested arrays are copies too');
  assert.deepEqual(inputs[3].list, [null, null], 'undefined in an array arrives as null');
  assert.equal(inputs[3].nan, null);
  assert.ok(!Object.hasOwn(inputs[3], 'skipped'), 'an undefined member is left out');
  // A payload the walker hands to the reader (a lone surrogate the core's parser refuses as text)
  // still reaches the handler, as the reader converted it.
  const lone = session.fire('wizard.name-it', { payload: { name: 'lone \ud800 surrogate' } });
  assert.equal(lone.ok, true);
  assert.equal(JSON.stringify(inputs.at(-1)), JSON.stringify(session.transitions().at(-1).payload));
});

// `fire`'s options are read in one JS pass (src/js/fast.js `fireOptions`): every answer the
// member-by-member reads gave must stay — each member read once, `source` checked before `payload` is
// read, the same errors for a bad options value or a throwing getter, the reader for what the walker
// cannot settle, the size refusal as data.
test('fire options read in one pass: same answers, each member read once, in order', () => {
  const { session } = wizard();
  const inputs = [];
  session.registerActions('wizard', { handlers: { 'name-it': (input) => { inputs.push(input); } } });
  const reads = [];
  const counted = (source, payload) => ({
    get source() { reads.push('source'); return source; },
    get payload() { reads.push('payload'); return payload; },
  });
  assert.equal(session.fire('wizard.name-it', counted(undefined, { name: 'a' })).ok, true);
  assert.deepEqual(reads.splice(0), ['source', 'payload']);
  assert.equal(session.fire('wizard.name-it', counted('user', { name: 'b' })).ok, true);
  assert.deepEqual(reads.splice(0), ['source', 'payload']);
  assert.equal(session.transitions().at(-1).cause.principal, 'user');
  // A bad source is refused before the payload is read.
  assert.throws(() => session.fire('wizard.name-it', counted('robot', { name: 'c' })), (e) => e.code === 'BAD_ARGUMENT' && /fire: options\.source must be/.test(e.message));
  assert.deepEqual(reads.splice(0), ['source']);
  assert.throws(() => session.fire('wizard.name-it', counted(7, { name: 'c' })), /fire: options\.source must be a string/);
  assert.throws(() => session.fire('wizard.name-it', 'options'), (e) => e.code === 'BAD_ARGUMENT' && e.message === 'groundfacts: fire: options must be an object (or omitted)');
  const throwing = (key) => Object.defineProperty({}, key, { enumerable: true, get() { throw new Error('no'); } });
  assert.throws(() => session.fire('wizard.name-it', throwing('source')), (e) => e.code === 'BAD_ARGUMENT' && /fire: options\.source could not be read \(a getter threw\)/.test(e.message));
  assert.throws(() => session.fire('wizard.name-it', throwing('payload')), (e) => e.code === 'BAD_ARGUMENT' && /fire: options\.payload could not be read \(a getter threw\)/.test(e.message));
  // No options, null options, options without members: no payload.
  for (const options of [undefined, null, {}, { source: null }]) {
    const fired = session.fire('wizard.name-it', options);
    assert.equal(fired.ok, false, 'name-it requires its input');
    assert.equal(fired.reason, 'PAYLOAD_INVALID');
  }
  // What the walker leaves to the reader: a cycle is refused with the reader's own error.
  const cyclic = { name: 'cyc' };
  cyclic.self = cyclic;
  assert.throws(() => session.fire('wizard.name-it', { payload: cyclic }), (e) => e.code === 'CYCLIC_VALUE');
  // A lone surrogate (escaped by the walker, refused by the core's parser) reaches the handler as the
  // reader converts it, the same as through the member-by-member path (an explicit source).
  session.fire('wizard.name-it', { payload: { name: 'x\udc00y' } });
  session.fire('wizard.name-it', { source: 'agent', payload: { name: 'x\udc00y' } });
  assert.equal(JSON.stringify(inputs.at(-2)), JSON.stringify(inputs.at(-1)));
  // Over the size limit: refused as data, not thrown.
  const big = session.fire('wizard.name-it', { payload: { name: 'x'.repeat(70_000) } });
  assert.equal(big.ok, false);
  assert.equal(big.reason, 'PAYLOAD_TOO_LARGE');
  assert.equal(session.fire('wizard.name-it', { payload: { name: 'fine' } }).ok, true, 'the session still fires');
});

// An update's record takes, as its payload, an untouched copy of the newest walked payload when its
// row keeps that very text (src/js/fast.js `pristine`): a handler changing its own input, a nested
// fire in between, or a record of another row must still show what the row keeps.
test('an update\'s record shows the payload the row keeps, whatever the handler did to its input', () => {
  const { session } = wizard();
  const results = [];
  let nested = false;
  session.registerActions('wizard', {
    handlers: {
      'name-it': (input) => {
        const original = JSON.stringify(input);
        input.name = 'changed by the handler';
        if (input.extra) input.extra.list.push('pushed');
        if (nested) {
          nested = false;
          session.fire('wizard.name-it', { payload: { name: 'the nested fire' } });
        }
        const r = session.updateState({ 'project.name': 'x', 'project.recipe': '', 'projects.count': 0 });
        sameAsSerde(session, r);
        results.push({ r, original, input });
        return r;
      },
    },
  });
  session.fire('wizard.name-it', { payload: { name: 'first', extra: { list: [1, 2] } } });
  nested = true;
  session.fire('wizard.name-it', { payload: { name: 'outer' } });
  session.fire('wizard.name-it', { payload: { name: 'same' } });
  session.fire('wizard.name-it', { payload: { name: 'same' } });
  assert.equal(results.length, 5);
  for (const { r, original, input } of results) {
    assert.equal(JSON.stringify(r.transition.payload), original, 'the payload as fired, not as changed');
    assert.notEqual(r.transition.payload, input, 'not the handler\'s own input');
  }
  const payloads = results.map(({ r }) => r.transition.payload);
  assert.equal(new Set(payloads).size, payloads.length, 'every record has its own payload object');
});

// `fire`'s id crosses as text once; after that src/js/fast.rs `id_arg` takes the kept text by the index
// fast.js keeps for the string. Every id must still be the one fired — past the number kept, for long
// and non-ASCII ids, for the same text built at run time — and a non-string is refused BAD_ARGUMENT.
test('fire ids kept after their first crossing: each fire names its own id, non-strings still throw', () => {
  const { session } = wizard();
  session.registerActions('wizard', { handlers: { 'name-it': (input) => { session.updateState({ 'project.name': input.name }); } } });
  const ids = [];
  for (let i = 0; i < 80; i += 1) ids.push(`wizard.not-here-${i}`);
  ids.push(`wizard.${'long-'.repeat(30)}`, 'wizard.ünïcode-✓-😀', '');
  for (let round = 0; round < 2; round += 1) {
    for (const id of ids) {
      const fired = session.fire(id);
      assert.equal(fired.ok, false);
      assert.equal(fired.affordanceId, id);
    }
  }
  const built = ['wizard', 'name-it'].join('.');
  for (let i = 0; i < 3; i += 1) {
    const fired = session.fire(i === 1 ? built : 'wizard.name-it', { payload: { name: `n${i}` } });
    assert.equal(fired.ok, true);
    assert.equal(session.transitions().at(-1).cause.affordanceId, 'wizard.name-it');
  }
  for (const bad of [undefined, null, 7, new String('wizard.name-it'), { id: 'x' }]) {
    assert.throws(() => session.fire(bad), (err) => err.code === 'BAD_ARGUMENT' && err.message === 'groundfacts: fire: id must be a string');
  }
});
