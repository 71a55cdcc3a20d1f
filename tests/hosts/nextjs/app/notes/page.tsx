import { NotesList } from "./notes-list";

export default function Notes() {
  return (
    <main>
      <h1>Notes</h1>
      <NotesList />
    </main>
  );
}
