"use client";
// The facts block as the model is shown it, and an agent's two calls at once: move, then act. The
// second reaches the notes page while its components are still mounting (docs/session.md §32).
import { loadedGroundfacts } from "groundfacts/load";
import { useGroundTruth, useSession } from "groundfacts/react";
import { useState } from "react";

export function Facts() {
  const facts = useGroundTruth();
  return <pre id="facts">{facts?.text ?? "loading"}</pre>;
}

export function Agent() {
  const session = useSession();
  const [log, setLog] = useState<string[]>([]);
  const act = async () => {
    const gf = loadedGroundfacts();
    if (!session || !gf) return;
    const port = gf.serveToAgent(session);
    const said: string[] = [];
    said.push(JSON.stringify(port.call("notes.do_action", { action: "open-notes" })));
    let answer = port.call("notes.do_action", { action: "add" }) as { ok: boolean; retriable?: boolean };
    said.push(JSON.stringify(answer));
    for (let i = 0; i < 4 && !answer.ok && answer.retriable; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300 * 2 ** i)); // 0.3, 0.6, 1.2, 2.4 s
      answer = port.call("notes.do_action", { action: "add" }) as { ok: boolean; retriable?: boolean };
      said.push(JSON.stringify(answer));
    }
    setLog(said);
  };
  return (
    <div>
      <button id="agent" onClick={act}>
        Agent: open the notes and add one
      </button>
      <pre id="agent-log">{log.join("\n")}</pre>
    </div>
  );
}
