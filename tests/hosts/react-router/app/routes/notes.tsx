// The notes page: it registers `add` when it mounts (a frame after the route changed).
import { useActions } from "groundfacts/react";
import { useState } from "react";
import { Facts } from "../facts";

export default function Notes() {
  const [count, setCount] = useState(0);
  useActions("notes", {
    handlers: {
      add: () => {
        setCount((n) => n + 1);
        return { ok: true };
      },
    },
  });
  return (
    <main>
      <h1>Notes</h1>
      <p id="count">{count} notes</p>
      <Facts />
    </main>
  );
}
