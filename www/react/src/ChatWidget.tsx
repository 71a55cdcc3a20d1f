// The chat widget beside the app: what a model is sent (groundTruth verbatim, then contextBrief),
// the port's tools, the scripted agent's turns, the human's ask cards, and a live-model mode.
import { useState } from 'react';
import { asRecord, type Demo } from '../../shared/demo';
import { DEFAULT_ENDPOINTS, runModelTurn, type Conversation, type Provider } from '../../shared/model-relay';
import { createScriptedAgent, resultLabel, type ToolCallRecord } from '../../shared/scripted-agent';
import { useRevision } from './hooks';

interface ShownTurn {
  n: number;
  who: string;
  facts: string;
  brief: string;
  calls: ToolCallRecord[];
  say: string;
}

function Calls({ calls }: { calls: ToolCallRecord[] }) {
  return (
    <>
      {calls.map((call, index) => (
        <details key={index} className="call" data-testid="tool-call">
          <summary>
            <code>{call.tool}</code> {JSON.stringify(call.args)} → <em>{resultLabel(call.result)}</em>
          </summary>
          <pre>{JSON.stringify(call.result, null, 2)}</pre>
        </details>
      ))}
    </>
  );
}

function AskCards({ demo }: { demo: Demo }) {
  const [error, setError] = useState('');
  const asks = demo.session.asks().map(asRecord);
  const answer = (askId: string, yes: boolean) => {
    const by = { by: 'the person at the keyboard' };
    const door = asRecord(yes ? demo.session.approve(askId, by) : demo.session.decline(askId, by));
    setError(door.ok === false ? `${String(door.reason)}: ${String(door.explanation ?? '')}` : '');
    demo.changed();
  };
  return (
    <>
      {asks.map((ask) => {
        const askId = String(ask.askId);
        const receipts = demo.receiptsFor(askId);
        const awaiting = ask.answer === undefined;
        return (
          <div key={askId} className={`ask ${awaiting ? 'awaiting' : 'answered'}`} data-testid="ask-card">
            <div>
              <strong>{awaiting ? 'The agent asks for your yes' : `You ${String(ask.answer)}`}</strong>{' '}
              <code>{askId}</code> · <code>{String(ask.affordanceId)}</code>
              {ask.spent === true && <span className="muted"> (spent)</span>}
            </div>
            <div>{String(ask.does ?? receipts?.does ?? '')}</div>
            {receipts && (
              <pre className="receipts" data-testid="receipts">
                {JSON.stringify(receipts.willDo)}
              </pre>
            )}
            {awaiting && (
              <div className="buttons">
                <button type="button" data-testid="approve" onClick={() => answer(askId, true)}>
                  Approve
                </button>
                <button type="button" data-testid="decline" onClick={() => answer(askId, false)}>
                  Decline
                </button>
              </div>
            )}
          </div>
        );
      })}
      {error && <p className="error">{error}</p>}
    </>
  );
}

export function ChatWidget({ demo }: { demo: Demo }) {
  useRevision(demo);
  const [agent] = useState(() => createScriptedAgent(demo));
  const [turns, setTurns] = useState<ShownTurn[]>([]);
  const [provider, setProvider] = useState<Provider>('openai');
  const [baseUrl, setBaseUrl] = useState(DEFAULT_ENDPOINTS.openai.baseUrl);
  const [model, setModel] = useState(DEFAULT_ENDPOINTS.openai.model);
  const [apiKey, setApiKey] = useState('');
  const [message, setMessage] = useState('Create a project called "Ion channel screen" with the dose-response recipe.');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [conversation] = useState<Conversation>(() => []);

  const facts = demo.session.groundTruth().text;
  const brief = demo.session.contextBrief().text;
  const tools = demo.port.tools().map(asRecord);

  const nextTurn = () => {
    const turn = agent.next();
    if (turn) setTurns((all) => [...all, { ...turn, n: all.length + 1, who: 'scripted agent' }]);
  };

  const sendToModel = async () => {
    setBusy(true);
    setError('');
    try {
      const turn = await runModelTurn(demo, { provider, baseUrl, apiKey, model }, conversation, message);
      setTurns((all) => [...all, { ...turn, n: all.length + 1, who: model }]);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
    setBusy(false);
  };

  const pickProvider = (next: Provider) => {
    setProvider(next);
    setBaseUrl(DEFAULT_ENDPOINTS[next].baseUrl);
    setModel(DEFAULT_ENDPOINTS[next].model);
  };

  return (
    <aside className="widget">
      <h2>Agent</h2>
      <p className="muted">Sent to the model with every turn — the facts block verbatim, then the brief:</p>
      <pre className="facts" data-testid="facts">{facts}</pre>
      <pre className="brief" data-testid="brief">{brief}</pre>
      <AskCards demo={demo} />
      <div className="turn-controls">
        <button type="button" data-testid="next-turn" disabled={agent.done() || busy} onClick={nextTurn}>
          {agent.done() ? 'Script finished' : agent.waitingForHuman() ? 'Next turn (after your answer)' : 'Next turn'}
        </button>
        <span className="muted"> offline scripted agent, one turn per click</span>
      </div>
      <ol className="transcript" reversed data-testid="transcript">
        {[...turns].reverse().map((turn) => (
          <li key={turn.n} value={turn.n} data-testid="turn">
            <div className="who">
              Turn {turn.n} · {turn.who}
            </div>
            <details>
              <summary>what the model was sent</summary>
              <pre>{`${turn.facts}\n\n${turn.brief}`}</pre>
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
            <li key={String(tool.name)}>
              <code>{String(tool.name)}</code> — {String(tool.description)}
            </li>
          ))}
        </ul>
      </details>
      <details className="live" data-testid="live">
        <summary>Use a real model (your API key stays in this page)</summary>
        <label>
          API{' '}
          <select data-testid="live-provider" value={provider} onChange={(event) => pickProvider(event.target.value === 'anthropic' ? 'anthropic' : 'openai')}>
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
        <button type="button" data-testid="live-send" disabled={busy || apiKey === ''} onClick={() => void sendToModel()}>
          {busy ? 'Waiting for the model…' : 'Send to the model'}
        </button>
        {error && <p className="error" data-testid="live-error">{error}</p>}
      </details>
      {demo.warnings.length > 0 && (
        <details className="warnings">
          <summary>onWarn ({demo.warnings.length})</summary>
          <ul>
            {demo.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </details>
      )}
    </aside>
  );
}
