//! A scenario played at the table, a step at a time (`mythos play`, the library's `Scenario::step`):
//! the words of its header, of the events so far and of its end state, with the scenario's card
//! names.

use super::prepared::Blueprint;
use crate::kernel::Encounter;
use crate::transcript::Names;

impl Blueprint {
    /// Card id → printed name.
    pub fn names(&self) -> Names {
        self.set
            .cards
            .iter()
            .map(|(id, c)| (id.clone(), c.name.clone()))
            .collect()
    }

    /// Card id → printed text.
    fn texts(&self) -> Names {
        self.set
            .cards
            .iter()
            .map(|(id, c)| (id.clone(), c.text.clone()))
            .collect()
    }

    /// The transcript's header: the title, the source, the investigator and the board.
    pub fn table_header(&self) -> String {
        crate::transcript::render_header(
            self.scenario.title.as_deref(),
            self.scenario.source.as_deref(),
            &self.start,
            self.setup.game,
            (
                &self.setup.rules.board,
                super::town(&self.scenario, &self.setup.rules),
            ),
            &self.names(),
        )
    }

    /// The transcript of `enc`'s events so far.
    pub fn events_text(&self, enc: &Encounter) -> String {
        crate::transcript::render_events(
            &enc.run.events,
            &self.names(),
            &self.texts(),
            self.setup.game,
        )
    }

    /// The end state of `enc`, as the transcript closes.
    pub fn summary_text(&self, enc: &Encounter) -> String {
        crate::transcript::render_summary(
            &enc.table.investigator,
            &enc.table.monsters,
            self.setup.game,
            &self.names(),
        )
    }
}
