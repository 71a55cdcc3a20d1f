//! Journey frames at the session level: `commitJourney`, `leaveJourney`, `journeyFrame`, demotion,
//! and `journeyPlan` (step statuses; greyed steps stay ready, decision 8). Used by the JS layer and
//! `serve` (the journey tool).

use super::*;

impl Session {
    /// Open a frame over journey `id` (agent principal).
    pub fn commit_journey(&self, id: &str) -> Result<CommitJourneyResult, SessionError> {
        let _ = id;
        todo!()
    }

    /// Close the open frame (`completed` iff every step was fired or inferred, else `cancelled`).
    pub fn leave_journey(&self) -> Result<Option<JourneyFrame>, SessionError> {
        todo!()
    }

    /// The open frame, if any.
    pub fn journey_frame(&self) -> Option<JourneyFrame> {
        todo!()
    }

    /// Frames already closed, oldest first.
    pub fn closed_frames(&self) -> Vec<JourneyFrame> {
        todo!()
    }

    /// Step statuses of journey `id` now; `None` for an unknown journey.
    pub fn journey_plan(&self, id: &str) -> Option<JourneyPlan> {
        let _ = id;
        todo!()
    }
}
