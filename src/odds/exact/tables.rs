//! The tables of the ways a roll can come out that a search makes: each made once a search, as a
//! roll of the same dice over the same classes of faces comes up again at many states.

use super::multiset::{by_successes, class_multisets, multisets};
use super::readers::CountingRules;
use std::collections::HashMap;
use std::rc::Rc;

/// The faces of one roll and their probability, for every way it can come out.
pub(super) type Table = Rc<Vec<(Vec<u8>, f64)>>;

/// Classes of faces as a table's key: each class's face and the bits of its chance.
pub(super) type ClassesKey = Vec<(u8, u64)>;

/// The tables of one search, each made once: by dice; by dice and classes of faces; by dice, classes
/// and the counting rules of their successes.
#[derive(Default)]
pub(super) struct Tables {
    by_dice: HashMap<usize, Table>,
    by_classes: HashMap<(usize, ClassesKey), Table>,
    by_successes: HashMap<(usize, ClassesKey, CountingRules), Table>,
}

impl Tables {
    /// The table of a roll of `n` dice by faces, made once a search.
    pub(super) fn table(&mut self, n: usize) -> Table {
        self.by_dice
            .entry(n)
            .or_insert_with(|| Rc::new(multisets(n)))
            .clone()
    }

    /// The table of a roll of `n` dice over `classes`, made once a search.
    pub(super) fn class_table(&mut self, n: usize, classes: &[(u8, f64)]) -> Table {
        let key = (n, classes.iter().map(|(f, p)| (*f, p.to_bits())).collect());
        self.by_classes
            .entry(key)
            .or_insert_with(|| Rc::new(class_multisets(n, classes)))
            .clone()
    }

    /// The table of a roll of `n` dice over `classes` with one branch for each number of successes
    /// that `rules` count (each branch's faces those of its first roll in the table by classes, its
    /// chance theirs added up), made once a search.
    pub(super) fn success_table(
        &mut self,
        n: usize,
        classes: &[(u8, f64)],
        rules: &CountingRules,
    ) -> Table {
        let key = (
            n,
            classes.iter().map(|(f, p)| (*f, p.to_bits())).collect(),
            rules.clone(),
        );
        if let Some(t) = self.by_successes.get(&key) {
            return t.clone();
        }
        let by_class = self.class_table(n, classes);
        let table = Rc::new(by_successes(&by_class, |faces| {
            crate::kernel::count_successes(faces, rules.0, &rules.1, &[])
        }));
        self.by_successes.insert(key, table.clone());
        table
    }
}
