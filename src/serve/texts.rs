//! Every fixed sentence the port shows a model: tool and argument descriptions, and the `why` /
//! `howToAct` constants of results.
//!
//! No dependencies. Used by `serve::tools` (descriptions) and the result builders. Two-string-class
//! rule: these are library constants; the only other text a model reads in a description or a
//! `why` is authored by the app (a journey's `does`, a tool name built from the graph id). Runtime
//! values never enter these sentences — they ride results as data fields.

// ── tool descriptions ────────────────────────────────────────────────────────────────────────────

/// Appended (after one space) to a journey's authored `does`.
pub const JOURNEY_USAGE: &str = "Call with no arguments to open this journey and list the steps you can take now \
(readySteps). To take one, call again with step set to a name from readySteps and input shaped as its expects says. \
A high-effect step first answers needs-confirm with receipts: show them to the human, then call again with \
confirm: true if they agree or decline: true if they refuse. Steps come back as data in results; they are never \
separate tools.";

pub const WHATS_HERE: &str = "Where you are and what you can do now: the current page, any open journey, what \
happened recently, and the actions and journeys on offer. The result opens with facts, the app's authoritative \
record of what was actually done and what was refused. Whenever you are unsure whether something already happened, \
call this and trust facts over your own account of the conversation. Pass sinceVersion (the version of an earlier \
result) to see only what changed since then, including what the user did in the meantime.";

pub const WHY: &str =
    "Explain why a state key holds its current value: the recorded transitions that wrote it, \
oldest first, and who fired each one. Pass a key name you saw in a result or in guard evidence.";

pub const DO_ACTION: &str = "Perform one action that is on offer here, outside any journey. Call whats_here first \
for the action ids. A high-effect action first answers needs-confirm with receipts: show them to the human, then \
call again with confirm: true if they agree or decline: true if they refuse.";

pub const DID_IT_WORK: &str = "Ask how a performed action came to rest, i.e. whether the app really did it. Pass \
the transitionId from that action's result. It answers at once: the settled outcome, or that the app has not \
reported yet (ask again later; never repeat the action to find out). An askId from a needs-confirm result tells \
you whether the human has decided.";

// ── argument descriptions ────────────────────────────────────────────────────────────────────────

pub const ARG_STEP: &str =
    "A step name from readySteps. Leave it out to open the journey and see its steps.";
/// `do_action`'s `instance` (docs/session.md §34).
pub const ARG_INSTANCE: &str = "For an action of a list (whats_here's `lists`): the id of the row to act on, one of that list's `instances`. Omit it for every other action.";
/// Why an instance refusal happened (docs/session.md §34).
pub const INSTANCE_UNKNOWN: &str = "That is not a row of the action's list right now (the row is gone, or never was one), or the action is not part of a list. Pick an id from `instances` (the list's live rows), or call whats_here to see the lists again.";
pub const INSTANCE_REQUIRED: &str = "This action exists once per row of a list: say which row with `instance`, one of the ids in `instances`.";
pub const ARG_INPUT: &str =
    "The input, shaped as the step's or action's expects field says. Leave it out when \
it expects none.";
pub const ARG_CONFIRM: &str =
    "Set to true only after the human has seen the receipts and agreed to this \
high-effect step.";
pub const ARG_CONFIRM_GATED: &str =
    "A request to go ahead with a high-effect step. It is not an approval: a human \
must approve it in the app itself.";
pub const ARG_DECLINE: &str =
    "Set to true when the human has said no: nothing is performed and the question is \
closed.";
pub const ARG_DECLINE_GATED: &str =
    "Report that the human said no. It is recorded as your report and closes \
nothing; the human answers in the app itself.";
pub const ARG_ACTION: &str = "An action id from the actions list of a whats_here result.";
pub const ARG_SINCE_VERSION: &str =
    "A version from an earlier result: facts and brief then cover only what \
happened since.";
pub const ARG_ROUTE_TO: &str =
    "A page id: the result adds the declared hops from here to that page.";
pub const ARG_KEY: &str = "A state key name, e.g. one named in guard evidence.";
pub const ARG_TRANSITION_ID: &str =
    "The transitionId from an action's result, or the askId from a needs-confirm \
result.";

// ── dispatch and missing arguments ───────────────────────────────────────────────────────────────

pub const UNKNOWN_TOOL: &str =
    "There is no tool by that name; call one of tools. Nothing was performed.";
pub const ACTION_REQUIRED: &str =
    "do_action needs an action: pass one of the ids in actions (the list whats_here \
shows). Nothing was performed.";
pub const KEY_REQUIRED: &str =
    "why needs a key: pass a state key name. There is no list of keys; use one named in \
a result or in guard evidence. Nothing was changed.";
pub const TRANSITION_ID_REQUIRED: &str =
    "did_it_work needs a transitionId: pass the id from an action's result \
(fires still awaiting the app are listed in pending). Nothing was changed.";

// ── do_action resolution (the port-level teaching refusal; none of these is an attempt) ─────────

pub const ACTION_ELSEWHERE: &str =
    "The app has this action, but it is not offered on this page. Go to a page that \
offers it first. Nothing was performed.";
pub const ACTION_GUARD_UNMET: &str =
    "The app has this action on this page, but its conditions are not met right \
now (see evidence). Nothing was performed; do not report it as done.";
pub const ACTION_NOT_OFFERED_NOW: &str =
    "The app declares this action on this page, but it is not on offer right \
now. Nothing was performed.";
pub const AMBIGUOUS_ACTION: &str =
    "Several actions on offer end with that name; pass the full id from actions. \
Nothing was performed.";

// ── the confirm gate ─────────────────────────────────────────────────────────────────────────────

pub const NEEDS_CONFIRM: &str =
    "Nothing was done yet. This is a high-effect action, so it waits for the human's \
yes; this is a question for them, not a failure.";
pub const NEEDS_CONFIRM_HOW: &str =
    "Show the receipts to the human. If they agree, call again with the same \
arguments plus confirm: true; if they refuse, call again with decline: true.";
pub const DECLINED_RELAYED: &str =
    "Your decline was recorded as your report of the human's answer; it closes \
nothing. The human answers in the app itself.";
pub const APPROVAL_ENFORCED: &str =
    "Nothing was done. This app requires the human to approve high-effect actions \
in the app itself; confirm: true is a request, not an approval.";

// ── fire refusals (each of these IS an attempt: the session recorded it) ─────────────────────────

pub const TOOL_DISABLED: &str =
    "This control is switched off right now. That can change; nothing was performed.";
pub const TOOL_DISABLED_EVIDENCE: &str =
    " The declared conditions for switching it on that do not hold now are \
in evidence.";
/// Appended when `unblockedBy` lists something (docs/facts-and-serving.md §7.2): no promise.
pub const TOOL_DISABLED_UNBLOCKERS: &str =
    " The actions declared to write the keys it waits on are in unblockedBy (one marked running is \
in progress); they may change those keys, which is not a promise that this control switches on.";
/// A busy control (docs/session.md §22): the app's own words ride in `busy`, never in this text.
pub const BUSY: &str = "The app says this control is busy right now; its own words are in busy. \
That can change; nothing was performed. Do not report it as done.";
/// A fire whose verify already held (docs/session.md §23): settled, and not shown to have caused it.
pub const ALREADY_TRUE: &str = "The app's own verify contract for this action already held before \
it was fired (the conditions are in alreadyTrue), so no report was awaited: the handler ran and \
the fire settled. Do not tell the user this fire caused that state; it was already so.";
pub const GUARD_FAILED: &str =
    "Its conditions are not met right now (see evidence). Nothing was performed.";
pub const NOT_ON_NODE: &str =
    "It is not offered on the current page; go to its page first. Nothing was performed.";
pub const PAYLOAD_INVALID: &str =
    "The input does not fit what it expects (see issues and expects). Nothing was \
performed; fix the input and call again.";
/// `PRIOR_FIRE_PENDING` (docs/session.md §26): the earlier fire is named in priorTransitionId.
pub const PRIOR_FIRE_PENDING: &str = "An earlier fire of this action has not come to rest yet, and \
this app allows one at a time. Nothing was performed. Ask did_it_work about priorTransitionId; once it \
has an answer, decide whether this still needs doing.";
/// `DUPLICATE_EXECUTION` (docs/session.md §26).
pub const DUPLICATE_EXECUTION: &str = "This action runs once per session and it was already \
performed (priorTransitionId). Nothing was performed again. Do not retry it; tell the user it is done, \
or ask did_it_work about priorTransitionId.";
pub const NOT_MATERIALIZED: &str = "Nothing in this app is wired to perform it, so nothing ran.";
/// `PAGE_MOUNTING` (docs/session.md §32): the page was just entered and is still loading.
pub const PAGE_MOUNTING: &str = "The page was just entered and is still loading: its components \
have not registered their actions yet. Nothing was performed; call again in a moment.";
/// `REENTRANCY_DEPTH` (docs/decisions.md decision 24).
pub const REENTRANCY_DEPTH: &str = "The app was already running too many steps nested inside one another, so this one was refused before anything ran. Nothing was performed; it can be tried again once the current step has finished.";
pub const REFUSED_OTHER: &str = "The app's session refused it (see reason). Nothing was performed.";

// ── journeys ─────────────────────────────────────────────────────────────────────────────────────

pub const JOURNEY_HOW_READY: &str =
    "Call this tool again with step set to a name from readySteps, and input as \
its expects says.";
pub const JOURNEY_HOW_NONE: &str =
    "No step of this journey can be taken here right now. Do not retry later steps; \
wait for the app, go to the page a step is on, or tell the human.";
pub const JOURNEY_BLOCKED: &str =
    "This journey cannot start here: its precondition does not hold (see evidence). \
Nothing was performed.";
pub const UNKNOWN_STEP: &str =
    "This journey has no such step; use a name from steps. Nothing was performed.";

// ── did_it_work ──────────────────────────────────────────────────────────────────────────────────

pub const UNKNOWN_TRANSITION: &str =
    "No performed action has this id. Fires still awaiting the app are in pending; \
open questions to the human are in awaitingHuman.";
/// `did_it_work` of a row folded away by `retain` (docs/facts-and-serving.md §9.5).
pub const ROW_FOLDED: &str =
    "This attempt happened, but the session keeps only its newest rows and this one was \
folded into the counts the facts block shows, so how it ended is no longer kept. Do not \
perform it again because of this answer; call whats_here to see where things stand now.";
pub const STILL_PENDING: &str =
    "The app has not reported how this ended yet. Ask again later; do not perform the \
action again.";
pub const ASK_AWAITING: &str =
    "The human has not decided yet. Wait for them; do not perform it without their yes.";
pub const ASK_DECLINED: &str = "The human said no. Do not perform it.";
pub const ASK_APPROVED: &str = "The human approved it, and it has not been performed yet.";
pub const ASK_WITHDRAWN: &str = "The human withdrew their approval. Do not perform it.";

// ── why ──────────────────────────────────────────────────────────────────────────────────────────

pub const WHY_NO_WRITER: &str =
    "No recorded transition wrote this key: it holds its starting value, or the key is \
not part of the app's state.";

/// The sentence telling a model how to settle a pending fire; names the did_it_work tool.
pub fn how_to_settle(did_it_work_tool: &str) -> String {
    format!("The app has not reported back yet. Call {did_it_work_tool} with this transitionId to learn how it ended; do not perform it again.")
}

// ── tool calls the port cannot run as sent (docs/facts-and-serving.md §9) ────────────────────────

pub const TOOL_NAME_MISSING: &str =
    "This tool call names no tool. Nothing was performed; call one of the tools listed in tools.";
pub const ARGS_NOT_JSON: &str =
    "The arguments of this tool call are not valid JSON. Nothing was performed; call again with \
a JSON object of arguments";
pub const ARGS_NOT_OBJECT: &str =
    "The arguments of this tool call are JSON but not an object. Nothing was performed; call \
again with an object such as {} or {\"action\": \"<id>\"}.";
pub const CALL_ID_MISSING: &str =
    "This tool call carries no call id, so its result could not be matched to it. Nothing was \
performed.";
pub const CALL_ID_REPEATED: &str =
    "A tool call with this id was already answered. It was not run again; read the earlier \
result, and give each new call its own id.";

/// The refusal of a tool call whose arguments are over `cap` bytes (never read in).
pub fn args_too_large(cap: usize) -> String {
    format!("The arguments of this tool call are over {cap} bytes of JSON, so they were not read. Nothing was performed; call again with smaller arguments.")
}
