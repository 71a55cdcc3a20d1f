//! Every machine code the package speaks, each word written once: [`ErrorCode`] (the `code` of a
//! thrown `GraphValidationError`, `SessionError` or `ReentrancyError`) and [`Refusal`] (the `reason`
//! of a refusal returned as data — `{ ok: false, reason }` results, gap rows, settlement errors and
//! the port's tool results; docs/session.md §8.1). Both are `words!` enums: `as_str`, serde and the
//! derived TypeScript unions (`ErrorCode`, `Refusal` in the `.d.ts`) come from the one list here.
//! The wire words never change: apps and models match on them.
//!
//! Used by `graph::error`, `session` (errors, results, rows), `serve` and `js`.

crate::words::words! {
    /// The stable `code` of a thrown error: an authoring mistake (`GraphValidationError`), a caller
    /// mistake (`SessionError`) or a forbidden re-entry (`ReentrancyError`).
    pub enum ErrorCode {
        // Authoring (graph definitions, routes, journeys, live action declarations).
        AmbiguousStep = "AMBIGUOUS_STEP",
        BadBinding = "BAD_BINDING",
        BadFilter = "BAD_FILTER",
        BadHandler = "BAD_HANDLER",
        BadInput = "BAD_INPUT",
        BadContainerKind = "BAD_CONTAINER_KIND",
        BadName = "BAD_NAME",
        /// A `redact` pattern that is not one (docs/session.md §28).
        BadRedact = "BAD_REDACT",
        /// A container's `repeats` that is not a list of its page's action names (docs/graph.md §15).
        BadRepeats = "BAD_REPEATS",
        BadRoute = "BAD_ROUTE",
        BadSource = "BAD_SOURCE",
        BadStep = "BAD_STEP",
        BadValue = "BAD_VALUE",
        ContainerActionClash = "CONTAINER_ACTION_CLASH",
        CyclicValue = "CYCLIC_VALUE",
        DuplicateId = "DUPLICATE_ID",
        EmptyGraphId = "EMPTY_GRAPH_ID",
        InvalidName = "INVALID_NAME",
        MissingDoes = "MISSING_DOES",
        NoPages = "NO_PAGES",
        NoSteps = "NO_STEPS",
        NotPlainData = "NOT_PLAIN_DATA",
        ParamRoute = "PARAM_ROUTE",
        RenamedKey = "RENAMED_KEY",
        RepeatsInJourney = "REPEATS_IN_JOURNEY",
        RepeatsNested = "REPEATS_NESTED",
        RepeatsTwice = "REPEATS_TWICE",
        RepeatsUnknownAction = "REPEATS_UNKNOWN_ACTION",
        ReservedAction = "RESERVED_ACTION",
        RootActionNoPages = "ROOT_ACTION_NO_PAGES",
        RouteConflict = "ROUTE_CONFLICT",
        TooDeep = "TOO_DEEP",
        TooLarge = "TOO_LARGE",
        UnknownGoto = "UNKNOWN_GOTO",
        UnknownKey = "UNKNOWN_KEY",
        UnknownPage = "UNKNOWN_PAGE",
        UnknownStep = "UNKNOWN_STEP",
        UnnamedRoute = "UNNAMED_ROUTE",
        UnsupportedKey = "UNSUPPORTED_KEY",
        UnsupportedValue = "UNSUPPORTED_VALUE",
        ValueTooDeep = "VALUE_TOO_DEEP",
        ValueTooLarge = "VALUE_TOO_LARGE",
        // Calls the session cannot serve.
        /// `fire(id, { invoke: false })` from the agent's door (docs/session.md §33).
        AgentInvokeFalse = "AGENT_INVOKE_FALSE",
        BadArgument = "BAD_ARGUMENT",
        BadDelta = "BAD_DELTA",
        /// A list instance the app reported that breaks the law of app text (docs/session.md §34).
        BadInstance = "BAD_INSTANCE",
        BadLabel = "BAD_LABEL",
        BadToolCall = "BAD_TOOL_CALL",
        NotAFire = "NOT_A_FIRE",
        NotAGraph = "NOT_A_GRAPH",
        NotAPort = "NOT_A_PORT",
        NotASession = "NOT_A_SESSION",
        NoModelContext = "NO_MODEL_CONTEXT",
        PayloadTooLarge = "PAYLOAD_TOO_LARGE",
        RestoreDamaged = "RESTORE_DAMAGED",
        RestoreNewerFormat = "RESTORE_NEWER_FORMAT",
        RestoreOtherGraph = "RESTORE_OTHER_GRAPH",
        NotOnThisPage = "NOT_ON_THIS_PAGE",
        UnknownAction = "UNKNOWN_ACTION",
        UnknownContainer = "UNKNOWN_CONTAINER",
        UnknownDeferred = "UNKNOWN_DEFERRED",
        UnknownGroup = "UNKNOWN_GROUP",
        UnknownNode = "UNKNOWN_NODE",
        UnknownTransition = "UNKNOWN_TRANSITION",
        // Freed objects (docs/decisions.md decision 26).
        SessionFreed = "SESSION_FREED",
        GraphFreed = "GRAPH_FREED",
        GroupFreed = "GROUP_FREED",
        WorkFreed = "WORK_FREED",
        PortFreed = "PORT_FREED",
        /// The module trapped and was started again; objects from before answer this (made in
        /// `js/reset.js`, docs/session.md §24).
        ModuleReset = "MODULE_RESET",
        /// A class's method called on something that is not one of its objects (a detached method,
        /// `.call` with another value; made in `js/reset.js`, docs/session.md §30).
        WrongReceiver = "WRONG_RECEIVER",
        /// A mutating call made while a verify predicate runs (`ReentrancyError`).
        Reentrancy = "REENTRANCY",
        /// A value read re-entered too deep (a getter or proxy calling back in; `ReentrancyError`).
        ReentrancyDepth = "REENTRANCY_DEPTH",
        /// A result could not be handed to JS: a groundfacts bug, never expected.
        Internal = "INTERNAL",
    }
}

crate::words::words! {
    /// The `reason` of a refusal returned as data — never thrown.
    pub enum Refusal {
        // fire (docs/session.md §8.1).
        UnknownAffordance = "UNKNOWN_AFFORDANCE",
        NotOnNode = "NOT_ON_NODE",
        GuardFailed = "GUARD_FAILED",
        PayloadInvalid = "PAYLOAD_INVALID",
        PayloadTooLarge = "PAYLOAD_TOO_LARGE",
        ToolDisabled = "TOOL_DISABLED",
        /// The app marked the action busy (`group.setBusy`, docs/session.md §22).
        Busy = "BUSY",
        NotMaterialized = "NOT_MATERIALIZED",
        /// The page was just entered and its components have not registered yet
        /// (docs/session.md §32): retriable.
        PageMounting = "PAGE_MOUNTING",
        ApprovalRequired = "APPROVAL_REQUIRED",
        ApprovalDeclined = "APPROVAL_DECLINED",
        /// `concurrency: 'single-flight' | 'once'`: a fire of the action is still open (docs/session.md §26).
        PriorFirePending = "PRIOR_FIRE_PENDING",
        /// `concurrency: 'once'`: the action was already performed (docs/session.md §26).
        DuplicateExecution = "DUPLICATE_EXECUTION",
        /// A repeated action fired for an instance no live row reported, or an instance given to an
        /// action that does not repeat (docs/session.md §34).
        InstanceUnknown = "INSTANCE_UNKNOWN",
        /// A repeated action fired without an instance (docs/session.md §34).
        InstanceRequired = "INSTANCE_REQUIRED",
        /// Nested too deep inside callbacks (docs/decisions.md decision 24).
        ReentrancyDepth = "REENTRANCY_DEPTH",
        // updateState.
        UnknownTransition = "UNKNOWN_TRANSITION",
        UncloneableDelta = "UNCLONEABLE_DELTA",
        // approve / decline.
        UnknownAsk = "UNKNOWN_ASK",
        AskAlreadyAnswered = "ASK_ALREADY_ANSWERED",
        NeedsDecider = "NEEDS_DECIDER",
        NotEnforced = "NOT_ENFORCED",
        // commitJourney.
        UnknownJourney = "UNKNOWN_JOURNEY",
        FrameAlreadyOpen = "FRAME_ALREADY_OPEN",
        PreconditionFailed = "PRECONDITION_FAILED",
        EntryNotMaterialized = "ENTRY_NOT_MATERIALIZED",
        // A settlement's error.
        VerifyFailed = "VERIFY_FAILED",
        HandlerThrew = "HANDLER_THREW",
        HandlerFailed = "HANDLER_FAILED",
        NavigateThrew = "NAVIGATE_THREW",
        // Rows that recorded a thrown error's code as a refusal.
        UnknownAction = "UNKNOWN_ACTION",
        Reentrancy = "REENTRANCY",
        SessionFreed = "SESSION_FREED",
        // The port's own (docs/facts-and-serving.md §4).
        UnknownTool = "UNKNOWN_TOOL",
        ActionRequired = "ACTION_REQUIRED",
        AmbiguousAction = "AMBIGUOUS_ACTION",
        AmbiguousId = "AMBIGUOUS_ID",
        KeyRequired = "KEY_REQUIRED",
        TransitionIdRequired = "TRANSITION_ID_REQUIRED",
        UnknownStep = "UNKNOWN_STEP",
        JourneyRefused = "JOURNEY_REFUSED",
        /// A provider tool call whose `arguments` text is not JSON (`AgentPort.answer` from JS).
        ArgsNotJson = "ARGS_NOT_JSON",
        /// `did_it_work` of a row `retain` folded away: it happened, its details are no longer kept.
        RowFolded = "ROW_FOLDED",
        /// A provider tool call with no call id (`AgentPort.answer`): not run, answered with `""`.
        CallIdMissing = "CALL_ID_MISSING",
        /// A provider tool call whose id this port already answered: not run again.
        CallIdRepeated = "CALL_ID_REPEATED",
        /// Tool-call arguments that are JSON but not an object (`[1]`, `"x"`, `5`): nothing run.
        ArgsNotObject = "ARGS_NOT_OBJECT",
        /// A result handed to `toolResult` that is not plain JSON: the message carries this instead.
        ResultNotJson = "RESULT_NOT_JSON",
        /// A refusal with no more specific word.
        Refused = "REFUSED",
    }
}

impl From<ErrorCode> for serde_json::Value {
    fn from(code: ErrorCode) -> serde_json::Value {
        serde_json::Value::from(code.as_str())
    }
}

impl From<Refusal> for serde_json::Value {
    fn from(reason: Refusal) -> serde_json::Value {
        serde_json::Value::from(reason.as_str())
    }
}
