//! Pins `session::wire` (the hand-written JSON the JS layer hands over for every fire) to serde_json's
//! bytes on every result and transition row of the seed wizard run, refusals and reports included.

mod session_support;

use groundfacts::session::*;
use serde::Serialize;
use serde_json::json;
use session_support::*;

fn assert_same<T: Serialize>(value: &T, write: impl FnOnce(&mut Vec<u8>) -> bool) {
    let mut out = Vec::new();
    if write(&mut out) {
        assert_eq!(
            String::from_utf8(out).unwrap(),
            serde_json::to_string(value).unwrap()
        );
    }
}

#[test]
fn every_result_and_row_of_the_seed_run_is_written_as_serde_writes_it() {
    let w = wizard(true, false, SessionOptions::default());
    let s = &w.session;
    let fire = |id: &str, payload: Option<serde_json::Value>| {
        let result = s
            .fire(
                id,
                FireOptions {
                    source: Some(Principal::Agent),
                    payload,
                },
            )
            .unwrap();
        assert_same(&result, |out| wire::fire_result(out, &result));
    };
    fire("wizard.next-to-review", None);
    fire(
        "wizard.name-it",
        Some(json!({"name": "Ion \"channel\" screen\n"})),
    );
    fire(
        "wizard.pick-recipe",
        Some(json!({"recipe": "not-a-recipe"})),
    );
    fire(
        "wizard.pick-recipe",
        Some(json!({"recipe": "dose-response"})),
    );
    fire("wizard.invented", None);
    fire("wizard.name-it", Some(json!({"name": 42})));
    fire("wizard.next-to-review", None);
    fire("review.create-project", None);
    for delta in [
        json!({"project.name": "x"}),
        json!({}),
        json!({"other": [1, 2.5, null]}),
    ] {
        let result = s.update_state(&delta, UpdateOptions::default()).unwrap();
        assert_same(&result, |out| wire::update_result(out, &result));
    }
    let named = s
        .update_state(
            &json!({"k": 1}),
            UpdateOptions {
                transition_id: Some("nope#1".into()),
                ..UpdateOptions::default()
            },
        )
        .unwrap();
    assert_same(&named, |out| wire::update_result(out, &named));
    let rows = s.transitions();
    assert!(rows.len() > 8);
    for row in &rows {
        assert_same(row, |out| wire::transition(out, row));
    }
}
