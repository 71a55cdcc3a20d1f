// A person's click on one row's control: the same fire the agent makes through the port, recorded as
// the person's and for that row (docs/session.md §34). The one place the list UIs fire by hand.

/** What the helper needs of a session (any session type whose `fire` takes these options). */
export interface RowFirer {
  fire(id: string, options: { source: 'user'; instance: string }): unknown;
}

/** Fire `actionId` for the row `instance` as the person. */
export function clickRow(session: RowFirer | null | undefined, actionId: string, instance: string): void {
  session?.fire(actionId, { source: 'user', instance });
}
