// The widget's offline agent: walks the seed journey through the port, one turn per click.
//
// It is a script, not a model: every call goes through `demo.callTool` (so through `port.call`),
// and what it "says" is read off the result it just got. The last step waits for the human's
// answer to the ask card (session.asks()) before it confirms.

import { asRecord, type AgentHost } from './host';
import { GRAPH_ID } from './wizard-id';

export interface ToolCallRecord {
  tool: string;
  args: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** One turn as the widget shows it: what the model was sent, what it called, what it said. */
export interface AgentTurn {
  n: number;
  facts: string;
  brief: string;
  calls: ToolCallRecord[];
  say: string;
}

const JOURNEY = `${GRAPH_ID}.journey.new-project`;
const WHATS_HERE = `${GRAPH_ID}.whats_here`;
const DO_ACTION = `${GRAPH_ID}.do_action`;
const DID_IT_WORK = `${GRAPH_ID}.did_it_work`;

type Step = (call: (tool: string, args: Record<string, unknown>) => Record<string, unknown>) => string;

/** The one word a transcript row shows for a result: its judgment, refusal reason or effect. */
export function resultLabel(result: Record<string, unknown>): string {
  for (const key of ['judgment', 'reason', 'effectStatus']) {
    if (typeof result[key] === 'string') return String(result[key]);
  }
  return result.ok === false ? 'refused' : 'ok';
}

function describe(result: Record<string, unknown>): string {
  if (result.ok === false && typeof result.reason === 'string') {
    return `refused: ${result.reason}`;
  }
  const parts: string[] = [];
  for (const key of ['judgment', 'effectStatus', 'outcome', 'verifyHeld', 'youAreOn']) {
    if (result[key] !== undefined) parts.push(`${key} ${JSON.stringify(result[key])}`);
  }
  return parts.join(', ');
}

/** Fire one journey step, then ask did_it_work about it, as the seed's turns do. */
function stepThenCheck(step: string, input: Record<string, unknown> | undefined, intro: string): Step {
  return (call) => {
    const args: Record<string, unknown> = input ? { step, input } : { step };
    const fired = call(JOURNEY, args);
    if (typeof fired.transitionId !== 'string') return `${intro} The app said no — ${describe(fired)}.`;
    const check = call(DID_IT_WORK, { transitionId: fired.transitionId });
    return `${intro} Then I asked whether it worked: ${describe(check)}.`;
  };
}

function openAskId(demo: AgentHost): { askId: string; answer?: string } | undefined {
  const asks = demo.session.asks().map(asRecord);
  const mine = asks.filter((ask) => ask.affordanceId === 'review.create-project' && ask.spent !== true);
  const last = mine[mine.length - 1];
  if (!last || typeof last.askId !== 'string') return undefined;
  return { askId: last.askId, answer: typeof last.answer === 'string' ? last.answer : undefined };
}

export interface ScriptedAgent {
  /** Plays the next turn; returns undefined once the script is over. */
  next(): AgentTurn | undefined;
  done(): boolean;
  /** True while the script is stopped at the ask card, waiting for Approve / Decline. */
  waitingForHuman(): boolean;
}

export function createScriptedAgent(demo: AgentHost): ScriptedAgent {
  let turn = 0; // index of the next script step
  let played = 0; // turns shown so far (a waiting turn repeats its step)
  let finished = false;
  let waiting = false;

  const steps: Step[] = [
    (call) => {
      const here = call(WHATS_HERE, {});
      return `I am on ${JSON.stringify(here.youAreOn)}. I read the facts first, then the actions on offer.`;
    },
    (call) => {
      const frame = call(JOURNEY, {});
      return `I opened the new-project journey: ${describe(frame)}.`;
    },
    (call) => {
      const greyed = call(JOURNEY, { step: 'next-to-review' });
      return `I tried Next straight away — ${describe(greyed)}. The button is greyed; nothing happened.`;
    },
    stepThenCheck('name-it', { name: 'Ion channel screen' }, 'I named the project "Ion channel screen".'),
    stepThenCheck('pick-recipe', { recipe: 'not-a-recipe' }, 'I picked the recipe "not-a-recipe".'),
    stepThenCheck('pick-recipe', { recipe: 'dose-response' }, 'I picked the recipe "dose-response" instead.'),
    (call) => {
      const result = stepThenCheck('next-to-review', undefined, 'I pressed Next.')(call);
      return `${result} The app's router is at ${demo.routerPath()}.`;
    },
    (call) => {
      const ask = call(DO_ACTION, { action: 'create-project' });
      if (ask.judgment === 'needs-confirm') {
        waiting = true;
        return `Creating the project needs your yes (${String(ask.askId)}). I stop here until you decide on the card.`;
      }
      return `I asked to create the project: ${describe(ask)}.`;
    },
    (call) => {
      const ask = openAskId(demo);
      if (ask && ask.answer === undefined) {
        const poll = call(DID_IT_WORK, { transitionId: ask.askId });
        turn -= 1; // stay on this step: nothing moves until the human answers
        return `Still waiting for your decision on ${ask.askId} (${describe(poll)}).`;
      }
      waiting = false;
      if (ask && ask.answer === 'declined') {
        finished = true;
        return `You declined ${ask.askId}, so I will not create the project.`;
      }
      const fired = call(DO_ACTION, { action: 'create-project', confirm: true });
      if (typeof fired.transitionId !== 'string') return `I confirmed; the app answered ${describe(fired)}.`;
      const check = call(DID_IT_WORK, { transitionId: fired.transitionId });
      return `You approved, so I confirmed create-project. Did it work: ${describe(check)}.`;
    },
    (call) => {
      // Every step is done: calling the journey tool again closes the frame as completed.
      const frame = call(JOURNEY, {});
      finished = true;
      return `The journey says ${describe(frame)}. The facts block above is the record of what happened.`;
    },
  ];

  return {
    next() {
      if (finished || turn >= steps.length) {
        finished = true;
        return undefined;
      }
      const facts = demo.session.groundTruth().text;
      const brief = demo.session.contextBrief().text;
      const calls: ToolCallRecord[] = [];
      const call = (tool: string, args: Record<string, unknown>): Record<string, unknown> => {
        const result = demo.callTool(tool, args);
        calls.push({ tool, args, result });
        return result;
      };
      const step = steps[turn];
      turn += 1;
      const say = step ? step(call) : '';
      if (turn >= steps.length) finished = true;
      played += 1;
      return { n: played, facts, brief, calls, say };
    },
    done: () => finished,
    waitingForHuman: () => waiting,
  };
}
