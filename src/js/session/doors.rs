//! The `Session` methods of the human and journey doors: the ask book (`asks`, `confirmAsk`, `approve`,
//! `decline`), reported gaps and work rows (`reportGap`, `beginWork`, `openWork`), and journey frames
//! (`commitJourney`, `leaveJourney`, `journeyFrame`, `journeyPlan`). Another `impl` block of
//! `js::session::JsSession`, split out to keep that file to the lifecycle, the taps, `fire` and the reads;
//! each method enters the session through `JsSession::live` and checks its arguments here.

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::js::convert::{self, opt_bool, opt_string, string_arg};
use crate::js::lifecycle::{self as adoption, Class};
use crate::js::session::handles::WorkHandle;
use crate::js::session::{principal, to_js_error, JsSession};
use crate::session::Principal;

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// The confirm asks in the book.
    #[wasm_bindgen(unchecked_return_type = "AskStatus[]")]
    pub fn asks(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.asks())
    }

    /// Ask before a high-effect action: mints (or reuses) an ask card with receipts.
    #[wasm_bindgen(js_name = confirmAsk, unchecked_return_type = "ConfirmAsk")]
    pub fn confirm_ask(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "{ source?: Principal | undefined; input?: JsonValue | undefined; instance?: string | undefined }"
        )]
        options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = string_arg(&id, "confirmAsk: id")?;
        let what = "confirmAsk: options";
        let source = principal(&options, "source", what)?.unwrap_or(Principal::Agent);
        let input = convert::to_json_within(
            &convert::field(&options, "input", what)?,
            "confirmAsk: options.input",
            self.live()?.limits().1,
            false,
        )?;
        let instance = convert::opt_string(&options, "instance", what)?;
        convert::to_js(
            &self
                .live()?
                .confirm_ask_in(&id, source, input, instance.as_deref())
                .map_err(to_js_error)?,
        )
    }

    /// The human's yes (enforced approval).
    #[wasm_bindgen(unchecked_return_type = "DoorResult")]
    pub fn approve(
        &self,
        #[wasm_bindgen(js_name = askId, unchecked_param_type = "string")] ask_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "HumanDecision")] by: JsValue,
    ) -> Result<JsValue, JsValue> {
        let ask_id = string_arg(&ask_id, "approve: askId")?;
        let (who, note) = (
            opt_string(&by, "by", "approve: by")?,
            opt_string(&by, "note", "approve: by")?,
        );
        convert::to_js(
            &self
                .live()?
                .approve(&ask_id, who, note)
                .map_err(to_js_error)?,
        )
    }

    /// The human's no.
    #[wasm_bindgen(unchecked_return_type = "DoorResult")]
    pub fn decline(
        &self,
        #[wasm_bindgen(js_name = askId, unchecked_param_type = "string")] ask_id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "HumanDecision")] by: JsValue,
    ) -> Result<JsValue, JsValue> {
        let ask_id = string_arg(&ask_id, "decline: askId")?;
        let (who, note) = (
            opt_string(&by, "by", "decline: by")?,
            opt_string(&by, "note", "decline: by")?,
        );
        convert::to_js(
            &self
                .live()?
                .decline(&ask_id, who, note)
                .map_err(to_js_error)?,
        )
    }

    /// Record something the app could not do for the user (data; never rendered as instruction).
    #[wasm_bindgen(js_name = reportGap)]
    pub fn report_gap(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] request: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "{ actionsMayBeStale?: boolean | undefined }"
        )]
        options: JsValue,
    ) -> Result<(), JsValue> {
        let request = string_arg(&request, "reportGap: request")?;
        let stale = opt_bool(&options, "actionsMayBeStale", "reportGap: options")?.unwrap_or(false);
        self.live()?
            .report_gap(&request, stale)
            .map_err(to_js_error)
    }

    /// Say the app is still working (tied to the fire whose handler is running, or to `affordanceId`).
    #[wasm_bindgen(js_name = beginWork, unchecked_return_type = "WorkHandle")]
    pub fn begin_work(
        &self,
        #[wasm_bindgen(js_name = affordanceId, unchecked_optional_param_type = "string")]
        affordance_id: JsValue,
    ) -> Result<JsValue, JsValue> {
        let affordance_id = if affordance_id.is_undefined() || affordance_id.is_null() {
            None
        } else {
            Some(string_arg(&affordance_id, "beginWork: affordanceId")?)
        };
        let session = self.live()?;
        let work_id = session
            .begin_work(affordance_id.as_deref())
            .map_err(to_js_error)?;
        Ok(adoption::adopt(
            Class::Work,
            WorkHandle::new(Rc::downgrade(&self.session), work_id).into(),
        ))
    }

    /// Work the app says it is still doing.
    #[wasm_bindgen(js_name = openWork, unchecked_return_type = "WorkRow[]")]
    pub fn open_work(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.open_work())
    }

    /// Open a journey frame.
    #[wasm_bindgen(js_name = commitJourney, unchecked_return_type = "CommitJourneyResult")]
    pub fn commit_journey(
        &self,
        #[wasm_bindgen(js_name = journeyId, unchecked_param_type = "string")] journey_id: JsValue,
    ) -> Result<JsValue, JsValue> {
        let journey_id = string_arg(&journey_id, "commitJourney: journeyId")?;
        convert::to_js(
            &self
                .live()?
                .commit_journey(&journey_id)
                .map_err(to_js_error)?,
        )
    }

    /// Close the open journey frame (completed if every step is done, else cancelled).
    #[wasm_bindgen(js_name = leaveJourney, unchecked_return_type = "JourneyFrame | null")]
    pub fn leave_journey(&self) -> Result<JsValue, JsValue> {
        match self.live()?.leave_journey().map_err(to_js_error)? {
            Some(frame) => convert::to_js(&frame),
            None => Ok(JsValue::NULL),
        }
    }

    /// The open journey frame, or `null`.
    #[wasm_bindgen(js_name = journeyFrame, unchecked_return_type = "JourneyFrame | null")]
    pub fn journey_frame(&self) -> Result<JsValue, JsValue> {
        match self.live()?.journey_frame() {
            Some(frame) => convert::to_js(&frame),
            None => Ok(JsValue::NULL),
        }
    }

    /// A journey's steps and where each stands, or `undefined` for an unknown id.
    #[wasm_bindgen(js_name = journeyPlan, unchecked_return_type = "JourneyPlan | undefined")]
    pub fn journey_plan(
        &self,
        #[wasm_bindgen(js_name = journeyId, unchecked_param_type = "string")] journey_id: JsValue,
    ) -> Result<JsValue, JsValue> {
        let journey_id = string_arg(&journey_id, "journeyPlan: journeyId")?;
        match self.live()?.journey_plan(&journey_id) {
            Some(plan) => convert::to_js(&plan),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}
