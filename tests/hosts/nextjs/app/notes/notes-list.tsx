"use client";
// The notes page's component: it registers `add` when it mounts (a frame after the route changed).
import { useActions } from "groundfacts/react";
import { useState } from "react";
import { Facts } from "../facts";

export function NotesList() {
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
    <div>
      <p id="count">{count} notes</p>
      <Facts />
    </div>
  );
}
