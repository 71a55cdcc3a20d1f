// The chat widget's logic, shared by the React and the Svelte widget: the transcript and its turn
// numbering, the scripted agent's and a real model's turns (busy, error), what a turn and a tool call
// show, the tool list, and the ask cards' data and the human's answer on them.
//
// Framework-neutral: a component reads these, subscribes to the widget's changes and renders;
// nothing here touches the DOM. Uses `demo` (session, port), `scripted-agent` and `model-relay`.

import { asRecord, type AgentHost, type AskLike } from './host';
import { runModelTurn, type Conversation, type ModelEndpoint, type ModelTurn, type Provider } from './model-relay';
import { createScriptedAgent, resultLabel, type ToolCallRecord } from './scripted-agent';

/** One transcript row: a turn as the model saw and played it, numbered in play order. */
export interface ShownTurn extends ModelTurn {
  n: number;
  who: string;
}

/** What the live mode's message box starts with. */
export const DEFAULT_MESSAGE = 'Create a project called "Ion channel screen" with the dose-response recipe.';

/** The provider a `<select>` value names (anything but 'anthropic' is the OpenAI-compatible API). */
export function providerFrom(value: string): Provider {
  return value === 'anthropic' ? 'anthropic' : 'openai';
}

/** What the model was sent for one turn: the facts block verbatim, then the brief. */
export function sentText(turn: ShownTurn): string {
  return `${turn.facts}\n\n${turn.brief}`;
}

/** One tool call as a transcript line shows it (summary) and unfolds it (detail). */
export function callView(call: ToolCallRecord): { tool: string; args: string; label: string; detail: string } {
  return {
    tool: call.tool,
    args: JSON.stringify(call.args),
    label: resultLabel(call.result),
    detail: JSON.stringify(call.result, null, 2),
  };
}

/** The port's fixed tool array as name/description rows. */
export function toolRows(demo: AgentHost): { name: string; description: string }[] {
  return demo.port.tools().map((tool) => {
    const row = asRecord(tool);
    return { name: String(row.name), description: String(row.description) };
  });
}

/** An ask as its card shows it. */
export interface AskCard {
  askId: string;
  action: string;
  awaiting: boolean;
  heading: string;
  spent: boolean;
  does: string;
  /** The needs-confirm receipts' `willDo` as JSON; absent when the port never answered with receipts. */
  receipts?: string;
}

export function askCards(demo: AgentHost): AskCard[] {
  return demo.session.asks().map((ask) => askCard(demo, ask));
}

/** One ask (an entry of `session.asks()`, or of the Svelte `asks` store) as its card shows it. */
export function askCard(demo: AgentHost, ask: AskLike): AskCard {
  const receipts = demo.receiptsFor(ask.askId);
  const awaiting = ask.answer === undefined;
  return {
    askId: ask.askId,
    action: ask.affordanceId,
    awaiting,
    heading: awaiting ? 'The agent asks for your yes' : `You ${ask.answer}`,
    spent: ask.spent === true,
    does: ask.does ?? receipts?.does ?? '',
    receipts: receipts ? (JSON.stringify(receipts.willDo) ?? '') : undefined,
  };
}

/** The human's Approve / Decline on a card. Returns what went wrong, or '' when the door took it. */
export function answerAsk(demo: AgentHost, askId: string, yes: boolean): string {
  const by = { by: 'the person at the keyboard' };
  const door = asRecord(yes ? demo.session.approve(askId, by) : demo.session.decline(askId, by));
  return door.ok === false ? `${String(door.reason)}: ${String(door.explanation ?? '')}` : '';
}

export interface Widget {
  /** The transcript, newest first (as it is shown). */
  turnsNewestFirst(): ShownTurn[];
  busy(): boolean;
  /** What went wrong on the last model turn ('' when nothing did). */
  error(): string;
  /** Whether Next turn can be pressed now. */
  canPlay(): boolean;
  nextTurnLabel(): string;
  /** Plays the scripted agent's next turn. */
  nextTurn(): void;
  /** One person's message to a real model; the turn joins the transcript when the model answers. */
  sendToModel(endpoint: ModelEndpoint, message: string): Promise<void>;
  /** Called after every change of the widget's own state; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Counts the widget's changes; a cheap snapshot for UI bindings. */
  revision(): number;
}

export function createWidget(demo: AgentHost): Widget {
  const agent = createScriptedAgent(demo);
  const conversation: Conversation = [];
  const listeners = new Set<() => void>();
  let turns: ShownTurn[] = [];
  let busy = false;
  let error = '';
  let revision = 0;

  const changed = (): void => {
    revision += 1;
    for (const listener of [...listeners]) listener();
  };
  const record = (turn: ModelTurn, who: string): void => {
    turns = [...turns, { ...turn, n: turns.length + 1, who }];
  };

  return {
    turnsNewestFirst: () => [...turns].reverse(),
    busy: () => busy,
    error: () => error,
    canPlay: () => !agent.done() && !busy,
    nextTurnLabel: () =>
      agent.done() ? 'Script finished' : agent.waitingForHuman() ? 'Next turn (after your answer)' : 'Next turn',
    nextTurn() {
      const turn = agent.next();
      if (turn) record(turn, 'scripted agent');
      changed();
    },
    async sendToModel(endpoint, message) {
      busy = true;
      error = '';
      changed();
      try {
        record(await runModelTurn(demo, endpoint, conversation, message), endpoint.model);
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
      busy = false;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    revision: () => revision,
  };
}
