// Pins redaction as the built package shows it (docs/session.md §28, docs/facts-and-serving.md §8): the
// package README's example runs; bad patterns are GraphValidationError BAD_REDACT from the graph and
// from createSession; producedFor is a fresh, redacted copy; and, as a property over random stores,
// payloads, returned values and redacted keys and paths (split between the graph and the options),
// driven through the port's call and answer: no redacted value appears in any string the package
// returns or passes to a callback other than the app's own handlers and predicates, while handlers get
// their payload whole. Bounded (a few seconds); GROUNDFACTS_FUZZ_CASES raises the count.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const gf = require('./helpers/load.cjs');
const { codeBlocks, runExample } = require('./helpers/readme.cjs');

const CASES = Number(process.env.GROUNDFACTS_FUZZ_CASES || 60);
const MARKER = '[redacted]';
const README = path.join(__dirname, '..', '..', 'pkg-template', 'README.md');

test('the README example runs and prints what its comments say', () => {
  const example = codeBlocks(README, 'js').find((b) => b.heading === 'What the model sees, and redaction');
  assert.ok(example, 'a js example under "## What the model sees, and redaction"');
  assert.deepEqual(runExample(example.code, gf), []);
});

test('a bad pattern is a GraphValidationError with code BAD_REDACT, from the graph and from createSession', () => {
  const bad = [{ keys: ['auth*'] }, { keys: ['*.x'] }, { paths: ['a..b'] }, { paths: ['a.b*'] }, { keys: 'auth' }, ['auth'], { keys: [1] }];
  for (const redact of bad) {
    assert.throws(
      () => gf.buildNavigationGraph('g', { redact, pages: { p: { route: '/' } } }),
      (err) => err instanceof gf.GraphValidationError && err.code === 'BAD_REDACT' && /^groundfacts: /.test(err.message) && /`redact`/.test(err.message),
      JSON.stringify(redact),
    );
    const graph = gf.buildNavigationGraph('g', { pages: { p: { route: '/' } } });
    assert.throws(
      () => gf.createSession(graph, undefined, { redact }),
      (err) => err instanceof gf.GraphValidationError && err.code === 'BAD_REDACT' && /createSession: options/.test(err.message),
      JSON.stringify(redact),
    );
  }
  assert.throws(
    () => gf.buildNavigationGraph('g', { redact: { key: ['a'] }, pages: { p: { route: '/' } } }),
    (err) => err instanceof gf.GraphValidationError && err.code === 'UNKNOWN_KEY',
  );
});

test('producedFor is a fresh copy with redaction applied, undefined when nothing was kept', () => {
  const graph = gf.buildNavigationGraph('g', {
    redact: { paths: ['secret'] },
    pages: { p: { route: '/', actions: { make: { does: 'Make one' }, quiet: { does: 'Say nothing' } } } },
  });
  const session = gf.createSession(graph, undefined, { node: 'p' });
  session.registerActions('p', { handlers: { make: () => ({ id: 'n-1', secret: 'RETURNED-SECRET' }), quiet: () => {} } });
  const made = session.fire('p.make');
  const first = session.producedFor(made.transitionId);
  assert.deepEqual(first, { id: 'n-1', secret: MARKER });
  first.id = 'changed';
  assert.deepEqual(session.producedFor(made.transitionId), { id: 'n-1', secret: MARKER }, 'a fresh copy each call');
  const port = gf.serveToAgent(session);
  assert.deepEqual(port.call('g.did_it_work', { transitionId: made.transitionId }).data, { id: 'n-1', secret: MARKER });
  assert.equal(session.producedFor(session.fire('p.quiet').transitionId), undefined);
  assert.equal(session.producedFor('p.make#99'), undefined);
  assert.throws(() => session.producedFor(7), (err) => err instanceof gf.SessionError && err.code === 'BAD_ARGUMENT');
});

// ── the property ──────────────────────────────────────────────────────────────────────────────────

const KEYS = ['auth.token', 'auth.otp', 'card.number', 'user.name', 'count'];
const KEY_PATTERNS = ['auth.token', 'auth.*', 'card.*', 'user.name', 'count', '*'];
const PATH_PATTERNS = ['password', 'card.number', 'items.*.pin', 'cards.cvc', 'list.1', 'deep.a.b', '*'];
const ACTIONS = ['login', 'pay', 'locked', 'greyed', 'check', 'nope'];

/** mulberry32: a small seeded generator, so a failing case can be replayed by its seed. */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (n) => Math.floor(next() * n), bool: () => next() < 0.5, pick: (list) => list[Math.floor(next() * list.length)] };
}

const hidden = (patterns, key) => patterns.some((p) => p === '*' || p === key || (p.endsWith('.*') && key.startsWith(p.slice(0, -1))));

/** A value with `secret` only where `path` points (a `*` becomes a member or a list; `wrap` puts a named
 * segment's object inside a list, which a named segment looks through). */
function placed(path, secret, wrap) {
  const segments = path.split('.');
  let value = secret;
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i];
    if (s === '*') value = wrap ? [value] : { any: value };
    else if (/^\d+$/.test(s)) value = [...Array(Number(s)).fill('filler'), value];
    else value = wrap && i > 0 ? [{ [s]: value }] : { [s]: value };
  }
  return value;
}

/** Merge `b` into `a`, keeping `a` where they disagree (a dropped secret is simply not there). */
function merge(a, b) {
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) || Array.isArray(b)) return;
  for (const [k, v] of Object.entries(b)) {
    if (k in a) merge(a[k], v);
    else a[k] = v;
  }
}

function vaultGraph(keys, paths) {
  return gf.buildNavigationGraph('vault', {
    redact: { keys, paths },
    pages: {
      vault: {
        route: '/vault',
        does: 'the vault',
        actions: {
          login: { does: 'Sign in', writes: ['auth.token'], verify: { 'auth.token': { ne: null } } },
          pay: { does: 'Pay the bill', confirm: true, writes: ['count'] },
          locked: { does: 'Open the locked drawer', when: { 'auth.otp': { eq: 'open-sesame' } } },
          greyed: { does: 'Use the saved card', enabledWhen: { 'card.number': { eq: '0000' } } },
          check: { does: 'Check the name', writes: ['user.name'], verify: { 'user.name': { eq: 'nobody' } } },
        },
      },
      done: { route: '/done', does: 'the end' },
    },
    journeys: { flow: { does: 'Sign in and pay', steps: ['login', 'pay'] } },
  });
}

function runCase(seed) {
  const r = rng(seed);
  const graphKeys = [];
  const optionKeys = [];
  const graphPaths = [];
  const optionPaths = [];
  for (let i = 0, n = 1 + r.int(3); i < n; i++) (r.bool() ? graphKeys : optionKeys).push(r.pick(KEY_PATTERNS));
  const picks = [];
  for (let i = 0, n = 1 + r.int(3); i < n; i++) {
    const p = r.pick(PATH_PATTERNS);
    (r.bool() ? graphPaths : optionPaths).push(p);
    picks.push([p, r.bool()]);
  }
  const keys = [...graphKeys, ...optionKeys];
  const secrets = [];
  let n = 0;
  const mint = (what) => {
    const s = `S3CRET-${what}-${seed}-${++n}`;
    secrets.push(s);
    return s;
  };
  const payload = () => {
    const p = { note: 'plain-note' };
    for (const [path, wrap] of picks) merge(p, placed(path, mint('payload'), wrap));
    return p;
  };
  const store = {};
  KEYS.forEach((k, i) => (store[k] = hidden(keys, k) ? mint('state') : `plain-${i}`));

  // Everything the package hands out, as text.
  const out = [];
  const seen = (value) => out.push(typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined');
  const received = [];
  const sent = [];
  let produce = null;
  let report = {};
  const session = gf.createSession(vaultGraph(graphKeys, graphPaths), () => {}, {
    node: 'vault',
    state: { ...store },
    redact: { keys: optionKeys, paths: optionPaths },
    onWarn: (message) => seen(message),
  });
  session.subscribe(() => seen(session.groundTruth().text));
  const handler = (input) => {
    received.push(JSON.stringify(input));
    if (Object.keys(report).length > 0) seen(session.updateState(report));
    return produce;
  };
  session.registerActions('vault', { handlers: Object.fromEntries(['login', 'pay', 'locked', 'greyed', 'check'].map((a) => [a, handler])) });
  const port = gf.serveToAgent(session);
  let lastId = null;
  for (let step = 0, steps = 1 + r.int(20); step < steps; step++) {
    report = {};
    for (const k of KEYS) if (hidden(keys, k)) report[k] = mint('report');
    produce = { receipt: 'plain-receipt' };
    for (const [path, wrap] of picks) merge(produce, placed(path, mint('produced'), !wrap));
    let result;
    switch (r.int(8)) {
      case 0:
      case 1: {
        const args = { action: r.pick(ACTIONS) };
        if (r.bool()) sent.push(JSON.stringify((args.input = payload())));
        if (r.int(4) === 0) args.confirm = true;
        result = port.call('vault.do_action', args);
        break;
      }
      case 2: {
        // Through a provider's tool call, arguments as JSON text.
        const args = { action: r.pick(ACTIONS), input: payload() };
        sent.push(JSON.stringify(args.input));
        const format = r.pick(['openai', 'anthropic']);
        const name = port.tools({ format }).map((t) => t.name ?? t.function?.name).find((x) => x.endsWith('do_action'));
        const call = format === 'openai'
          ? { id: `c${step}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }
          : { type: 'tool_use', id: `c${step}`, name, input: args };
        result = port.answer(call, { format });
        break;
      }
      case 3:
        result = port.call('vault.why', { key: r.pick(KEYS) });
        break;
      case 4:
        result = lastId ? port.call('vault.did_it_work', { transitionId: lastId }) : port.call('vault.whats_here', {});
        break;
      case 5: {
        if (r.bool()) {
          const input = payload();
          sent.push(JSON.stringify(input));
          result = port.call('vault.journey.flow', { step: 'login', input });
        } else result = port.call('vault.journey.flow', {});
        break;
      }
      case 6: {
        const key = r.pick(KEYS);
        result = session.updateState({ [key]: hidden(keys, key) ? mint('tap') : 'plain-tap' });
        break;
      }
      default: {
        const input = payload();
        sent.push(JSON.stringify(input));
        result = session.fire(`vault.${r.pick(ACTIONS)}`, { payload: input });
        if (result.transitionId) session.settlementOf(result.transitionId).then(seen);
      }
    }
    seen(result);
    const id = result && (result.transitionId ?? (result.structuredContent && result.structuredContent.transitionId));
    if (id) lastId = id;
  }
  for (const t of session.transitions().filter((row) => row.cause.kind === 'fired')) {
    seen(session.settlementIfKnown(t.id));
    seen(session.producedFor(t.id));
  }
  seen(session.transitions());
  seen(session.gaps());
  seen(session.pending());
  seen(session.asks());
  seen(session.available());
  seen(session.journeyPlan('flow'));
  seen(session.journeyFrame());
  seen(session.snapshot());
  seen(session.groundTruth().text);
  seen(session.contextBrief().text);
  seen(port.call('vault.whats_here', {}));
  for (const k of KEYS) seen(port.call('vault.why', { key: k }));
  return { session, port, out, secrets, received, sent, keys };
}

test('no redacted value leaves the session, through the port, the reads, the snapshots or a callback', async () => {
  let checked = 0;
  for (let seed = 1; seed <= CASES; seed++) {
    const run = runCase(seed);
    await new Promise((resolve) => setImmediate(resolve)); // let settlementOf promises resolve into `out`
    const text = run.out.join('\n');
    for (const secret of run.secrets) {
      assert.ok(!text.includes(secret), `seed ${seed}: ${secret} left the session`);
      checked += 1;
    }
    // The app's own handlers got every payload whole.
    for (const got of run.received) if (got !== undefined) assert.ok(run.sent.includes(got), `seed ${seed}: a handler got ${got}`);
    // And redaction hid what it was told to, not everything: unnamed keys still answer their value.
    const state = run.session.state();
    for (const key of KEYS) {
      const value = run.port.call('vault.why', { key }).value;
      assert.deepEqual(value, hidden(run.keys, key) ? MARKER : state[key], `seed ${seed}: why ${key}`);
    }
    run.session.free();
  }
  assert.ok(checked > CASES, `secrets checked: ${checked}`);
});

test('without redaction the same values do show (the property above can fail)', () => {
  const session = gf.createSession(vaultGraph([], []), () => {}, { node: 'vault', state: { 'auth.otp': 'OTP-VISIBLE' } });
  session.registerActions('vault', { handlers: { login: () => ({ card: { number: 'CARD-VISIBLE' } }) } });
  const port = gf.serveToAgent(session);
  const done = port.call('vault.do_action', { action: 'login', input: { password: 'PW-VISIBLE' } });
  const text = JSON.stringify([done, port.call('vault.why', { key: 'auth.otp' }), session.transitions(), session.producedFor(done.transitionId)]);
  for (const value of ['OTP-VISIBLE', 'PW-VISIBLE', 'CARD-VISIBLE']) assert.ok(text.includes(value), value);
  assert.ok(!text.includes(MARKER));
});
