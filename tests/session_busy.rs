//! Pins busy marks in the app's words (docs/session.md §22): `group.setBusy(name, label)` puts the
//! label on the edge and in the texts and refuses a fire as a recorded `BUSY` attempt; a bad label or a
//! name the group did not register is a typed error; unregistering clears the group's marks, and
//! snapshots never carry them. Fixture: tests/grey_support.

mod grey_support;

use std::rc::Rc;

use grey_support::*;
use groundfacts::serve::{AgentPort, PortOptions};
use serde_json::json;

#[test]
fn a_busy_control_carries_the_apps_words_and_a_fire_is_a_refused_attempt() {
    let f = fixture(json!({}));
    let (v, calls) = (f.session.version(), f.host.changed_calls.get());
    f.session
        .set_busy(&f.group, "reset", Some("Counting 3 files ZQX"))
        .unwrap();
    assert_eq!(f.session.version(), v, "a busy mark moves no version");
    assert_eq!(
        f.host.changed_calls.get(),
        calls + 1,
        "listeners hear a busy change"
    );
    f.session
        .set_busy(&f.group, "reset", Some("Counting 3 files ZQX"))
        .unwrap();
    assert_eq!(
        f.host.changed_calls.get(),
        calls + 1,
        "the same label is no change"
    );
    assert_eq!(
        edge(&f.session, "upload.reset")["busy"],
        "Counting 3 files ZQX"
    );
    let r = f.session.fire("upload.reset", agent()).unwrap();
    assert!(!r.ok);
    assert_eq!(r.reason, Some(groundfacts::codes::Refusal::Busy));
    assert_eq!(r.busy.as_deref(), Some("Counting 3 files ZQX"));
    assert_eq!(f.session.version(), v, "a refusal never bumps");
    let gap = f.session.gaps().pop().unwrap();
    assert_eq!(
        gap.rejection_reason,
        Some(groundfacts::codes::Refusal::Busy)
    );
    let (facts, brief) = texts(&f.session);
    assert!(
        facts.ends_with(
            "  \u{2022} did NOT happen \u{2014} agent's fire of upload.reset was refused: BUSY"
        ),
        "{facts}"
    );
    assert!(
        !facts.contains("Counting") && !brief.contains("Counting"),
        "the label never enters a text"
    );
    // The port: a typed refusal with the label as data.
    let port = AgentPort::new(Rc::clone(&f.session), PortOptions::default());
    let refused = port.call("up.do_action", &json!({"action": "reset"}));
    assert_eq!(refused["reason"], "BUSY");
    assert_eq!(refused["busy"], "Counting 3 files ZQX");
    assert_eq!(refused["retriable"], true);
    assert!(!refused["why"].as_str().unwrap().contains("Counting"));
    // null clears it: the fire runs.
    f.session.set_busy(&f.group, "reset", None).unwrap();
    assert!(edge(&f.session, "upload.reset").get("busy").is_none());
    assert!(f.session.fire("upload.reset", agent()).unwrap().ok);
}

#[test]
fn a_bad_label_or_a_name_the_group_did_not_register_is_a_typed_error() {
    let f = fixture(json!({}));
    for bad in ["", "  ", "two\nlines", "ctl\u{7}", &"x".repeat(201)] {
        let err = f
            .session
            .set_busy(&f.group, "reset", Some(bad))
            .unwrap_err();
        assert_eq!(err.code, "BAD_LABEL", "{bad:?}");
    }
    assert_eq!(
        f.session
            .set_busy(&f.group, "nothing", Some("Busy"))
            .unwrap_err()
            .code,
        "UNKNOWN_ACTION"
    );
    // elsewhere.finish exists but this group neither bound nor declared it.
    let other = f
        .session
        .register_actions("elsewhere", vec![], vec![])
        .unwrap();
    assert_eq!(
        f.session
            .set_busy(&other, "finish", Some("Busy"))
            .unwrap_err()
            .code,
        "UNKNOWN_ACTION"
    );
    assert_eq!(
        f.session
            .set_busy("mount:upload#99", "reset", Some("Busy"))
            .unwrap_err()
            .code,
        "UNKNOWN_GROUP"
    );
    assert!(edge(&f.session, "upload.reset").get("busy").is_none());
}

#[test]
fn unregistering_clears_the_groups_busy_marks_and_snapshots_do_not_carry_them() {
    let f = fixture(json!({}));
    f.session
        .set_busy(&f.group, "mark", Some("Saving"))
        .unwrap();
    let snap = serde_json::to_value(f.session.snapshot()).unwrap();
    assert!(!snap.to_string().contains("Saving"));
    f.session.unregister(&f.group).unwrap();
    assert!(edge(&f.session, "upload.mark").get("busy").is_none());
    // On a group already gone, setBusy does nothing.
    f.session
        .set_busy(&f.group, "mark", Some("Saving"))
        .unwrap();
    assert!(edge(&f.session, "upload.mark").get("busy").is_none());
}
