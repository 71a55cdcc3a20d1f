//! Lists across a reload (docs/session.md §34 and docs/session.md §20): the live rows and the row
//! each kept fire was for travel in the snapshot's `lists`, and come back under the law of app text
//! (docs/session.md §20.6) — a row's list is a repeating container of the graph, its id and label
//! pass the same check a row's report passes, and a fire's row names a kept fire of a repeated
//! action. Anything else is `RESTORE_DAMAGED`. Restored rows are served (unwired until their
//! component registers again, which replaces them).
//!
//! Uses `session::instances`, `check`. Used by `take`, `restore`.

use std::collections::BinaryHeap;
use std::rc::Rc;

use serde_json::{json, Value};

use super::baseline::RESTORED_GROUP;
use crate::session::error::damaged;
use crate::session::instances::{check_instance, Live};
use crate::session::state::Inner;
use crate::session::SessionError;

impl Inner {
    /// The snapshot's `lists` (`null` when there is nothing to keep).
    pub(crate) fn lists_out(&self) -> Value {
        let mut live = Vec::new();
        for (list, _) in &self.lists.live {
            for row in self.lists.of(list) {
                live.push(json!({"list": &**list, "id": &*row.id, "label": &*row.label}));
            }
        }
        // Fire numbers are unique keys, so a heap sort of the numbers alone gives the order (and
        // the wasm carries no driftsort for these tuples, docs/size.md §3).
        let numbers = BinaryHeap::from_iter(self.lists.rows.keys().copied()).into_sorted_vec();
        if live.is_empty() && numbers.is_empty() {
            return Value::Null;
        }
        let fired: Vec<Value> = numbers
            .into_iter()
            .filter_map(|n| {
                let (id, label) = self.lists.rows.get(&n)?;
                Some(json!({"n": n, "id": &**id, "label": &**label}))
            })
            .collect();
        json!({ "live": live, "fired": fired })
    }

    /// Read the snapshot's `lists` back, judging every row as if the app had just reported it.
    pub(crate) fn lists_in(&mut self, value: &Value) -> Result<(), SessionError> {
        if value.is_null() {
            return Ok(());
        }
        let rows = |key: &str| -> Result<Vec<Value>, SessionError> {
            match value.get(key) {
                Some(Value::Array(items)) => Ok(items.clone()),
                _ => Err(damaged(format!("lists.{key} is not a list"))),
            }
        };
        let text = |row: &Value, key: &str, at: &str| -> Result<String, SessionError> {
            row.get(key)
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or_else(|| damaged(format!("{at}.{key} is not a string")))
        };
        for (i, row) in rows("live")?.iter().enumerate() {
            let at = format!("lists.live[{i}]");
            let list = text(row, "list", &at)?;
            let (id, label) = (text(row, "id", &at)?, text(row, "label", &at)?);
            let repeating = self
                .graph
                .container(&list)
                .is_some_and(|c| !c.repeats.is_empty());
            if !repeating {
                return Err(damaged(format!("{at}.list names no list of this graph")));
            }
            check_instance(&id, &label).map_err(|e| damaged(format!("{at}: {}", e.message)))?;
            self.lists.add(
                &list,
                Live {
                    id: Rc::from(id.as_str()),
                    label: Rc::from(label.as_str()),
                    group: RESTORED_GROUP,
                },
            );
        }
        for (i, row) in rows("fired")?.iter().enumerate() {
            let at = format!("lists.fired[{i}]");
            let n = row
                .get("n")
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| damaged(format!("{at}.n is not a row number")))?;
            let (id, label) = (text(row, "id", &at)?, text(row, "label", &at)?);
            let repeated = self
                .rec(n)
                .filter(|r| r.is_fire())
                .is_some_and(|r| self.graph.repeated_in(&r.stage).is_some());
            if !repeated {
                return Err(damaged(format!(
                    "{at} names row {n}, which is no kept fire of a list's action"
                )));
            }
            check_instance(&id, &label).map_err(|e| damaged(format!("{at}: {}", e.message)))?;
            self.lists
                .rows
                .insert(n, (Rc::from(id.as_str()), Rc::from(label.as_str())));
        }
        Ok(())
    }
}
