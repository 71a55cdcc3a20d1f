// The chat widget beside the app: what a model is sent (groundTruth verbatim, then contextBrief),
// the port's tools, the scripted agent's turns, the human's ask cards, and a live-model mode.
// Rendering only: the transcript, the turns and the cards' data live in shared/widget.ts; the
// session's parts re-render through groundfacts/react's hooks (FactsPanel, useAsks).
import { useAsks } from 'groundfacts/react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { AgentHost } from '../../shared/host';
import { DEFAULT_ENDPOINTS, type Provider } from '../../shared/model-relay';
import type { ToolCallRecord } from '../../shared/scripted-agent';
import {
  answerAsk,
  askCards,
  callView,
  createWidget,
  DEFAULT_MESSAGE,
  providerFrom,
  sentText,
  toolRows,
} from '../../shared/widget';
import { warnings } from './store';
import { FactsPanel } from './FactsPanel';
import { useAgentHost } from './host';

function Calls({ calls }: { calls: ToolCallRecord[] }) {
  return (
    <>
      {calls.map(callView).map((call, index) => (
        <details key={index} className="call" data-testid="tool-call">
          <summary>
            <code>{call.tool}</code> {call.args} → <em>{call.label}</em>
          </summary>
          <pre>{call.detail}</pre>
        </details>
      ))}
    </>
  );
}

function AskCards({ demo }: { demo: AgentHost }) {
  useAsks(); // re-render when an ask is made or answered
  const [error, setError] = useState('');
  return (
    <>
      {askCards(demo).map((card) => (
        <div key={card.askId} className={`ask ${card.awaiting ? 'awaiting' : 'answered'}`} data-testid="ask-card">
          <div>
            <strong>{card.heading}</strong> <code>{card.askId}</code> · <code>{card.action}</code>
            {card.spent && <span className="muted"> (spent)</span>}
          </div>
          <div>{card.does}</div>
          {card.receipts !== undefined && (
            <pre className="receipts" data-testid="receipts">
              {card.receipts}
            </pre>
          )}
          {card.awaiting && (
            <div className="buttons">
              <button type="button" data-testid="approve" onClick={() => setError(answerAsk(demo, card.askId, true))}>
                Approve
              </button>
              <button type="button" data-testid="decline" onClick={() => setError(answerAsk(demo, card.askId, false))}>
                Decline
              </button>
            </div>
          )}
        </div>
      ))}
      {error && <p className="error">{error}</p>}
    </>
  );
}

export function ChatWidget() {
  const demo = useAgentHost();
  const widget = useMemo(() => createWidget(demo), [demo]);
  useSyncExternalStore(widget.subscribe, widget.revision);
  const [provider, setProvider] = useState<Provider>('openai');
  const [baseUrl, setBaseUrl] = useState(DEFAULT_ENDPOINTS.openai.baseUrl);
  const [model, setModel] = useState(DEFAULT_ENDPOINTS.openai.model);
  const [apiKey, setApiKey] = useState('');
  const [message, setMessage] = useState(DEFAULT_MESSAGE);

  const tools = toolRows(demo);
  const busy = widget.busy();
  const error = widget.error();

  const pickProvider = (next: Provider) => {
    setProvider(next);
    setBaseUrl(DEFAULT_ENDPOINTS[next].baseUrl);
    setModel(DEFAULT_ENDPOINTS[next].model);
  };

  return (
    <aside className="widget">
      <h2>Agent</h2>
      <p className="muted">Sent to the model with every turn — the facts block verbatim, then the brief:</p>
      <FactsPanel />
      <AskCards demo={demo} />
      <div className="turn-controls">
        <button type="button" data-testid="next-turn" disabled={!widget.canPlay()} onClick={widget.nextTurn}>
          {widget.nextTurnLabel()}
        </button>
        <span className="muted"> offline scripted agent, one turn per click</span>
      </div>
      <ol className="transcript" reversed data-testid="transcript">
        {widget.turnsNewestFirst().map((turn) => (
          <li key={turn.n} value={turn.n} data-testid="turn">
            <div className="who">
              Turn {turn.n} · {turn.who}
            </div>
            <details>
              <summary>what the model was sent</summary>
              <pre>{sentText(turn)}</pre>
            </details>
            <Calls calls={turn.calls} />
            <p className="say">{turn.say}</p>
          </li>
        ))}
      </ol>
      <details className="tools">
        <summary>
          The port's tools ({tools.length}) — <code>port.tools()</code>
        </summary>
        <ul data-testid="tools">
          {tools.map((tool) => (
            <li key={tool.name}>
              <code>{tool.name}</code> — {tool.description}
            </li>
          ))}
        </ul>
      </details>
      <details className="live" data-testid="live">
        <summary>Use a real model (your API key stays in this page)</summary>
        <label>
          API{' '}
          <select data-testid="live-provider" value={provider} onChange={(event) => pickProvider(providerFrom(event.target.value))}>
            <option value="openai">OpenAI-compatible</option>
            <option value="anthropic">Anthropic-compatible</option>
          </select>
        </label>
        <label>
          Base URL <input value={baseUrl} onChange={(event) => setBaseUrl(event.target.value)} />
        </label>
        <label>
          Model <input value={model} onChange={(event) => setModel(event.target.value)} />
        </label>
        <label>
          API key <input data-testid="live-key" type="password" value={apiKey} onChange={(event) => setApiKey(event.target.value)} />
        </label>
        <textarea data-testid="live-message" value={message} onChange={(event) => setMessage(event.target.value)} />
        <button
          type="button"
          data-testid="live-send"
          disabled={busy || apiKey === ''}
          onClick={() => void widget.sendToModel({ provider, baseUrl, apiKey, model }, message)}
        >
          {busy ? 'Waiting for the model…' : 'Send to the model'}
        </button>
        {error && <p className="error" data-testid="live-error">{error}</p>}
      </details>
      {warnings.length > 0 && (
        <details className="warnings">
          <summary>onWarn ({warnings.length})</summary>
          <ul>
            {warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </details>
      )}
    </aside>
  );
}
