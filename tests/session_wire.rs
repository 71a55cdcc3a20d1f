//! Pins `session::wire` (the hand-written JSON the JS layer hands over for a refused fire) to
//! serde_json's bytes on every fire result of the seed wizard run, refusals and acceptances. (Update
//! results and their rows are built as JS objects; tests/js/boundary.test.cjs pins those to serde.)

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
}
