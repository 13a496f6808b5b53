//! What the formula keeps between queries (a strip's repeats, a small board's distances): one
//! bounded memory, written once for each of them. Its size is counted in the owner's units
//! (distances kept) and never passes the bound it is made with; when an entry would pass it,
//! the entries kept longest are dropped first, in the order they were kept. Nothing in it
//! depends on a hash seed or an iteration order, so what is kept, and so each query's cost and
//! the counts `--stats` shows, depends only on the queries that came before: the same input
//! gives the same figures in every run.

use std::collections::VecDeque;
use std::hash::Hash;

use rustc_hash::FxHashMap;

/// Entries of `V` by `K`, at most `most` units in all, the oldest dropped first.
pub struct KeptMemory<K, V> {
    entries: FxHashMap<K, (V, usize)>,
    /// The keys in the order they were kept, the oldest first.
    order: VecDeque<K>,
    /// The units the entries hold together.
    held: usize,
    most: usize,
}

impl<K: Copy + Eq + Hash, V> KeptMemory<K, V> {
    /// An empty memory of at most `most` units.
    pub fn new(most: usize) -> KeptMemory<K, V> {
        KeptMemory {
            entries: FxHashMap::default(),
            order: VecDeque::new(),
            held: 0,
            most,
        }
    }

    /// The entry kept for `key`, if any.
    pub fn get(&self, key: &K) -> Option<&V> {
        self.entries.get(key).map(|(value, _)| value)
    }

    /// Keeps `value`, of `size` units, for `key` (in the place of what was kept for it), after
    /// dropping the oldest entries until it fits. An entry larger than the whole bound is not
    /// kept, and drops nothing.
    pub fn keep(&mut self, key: K, value: V, size: usize) {
        if size > self.most {
            return;
        }
        self.forget(&key);
        while self.held + size > self.most {
            let Some(oldest) = self.order.pop_front() else {
                break;
            };
            if let Some((_, dropped)) = self.entries.remove(&oldest) {
                self.held -= dropped;
            }
        }
        self.held += size;
        self.order.push_back(key);
        self.entries.insert(key, (value, size));
    }

    /// Drops what is kept for `key`, if anything.
    fn forget(&mut self, key: &K) {
        if let Some((_, size)) = self.entries.remove(key) {
            self.held -= size;
            self.order.retain(|kept| kept != key);
        }
    }

    /// The units held, at most the bound.
    #[cfg(test)]
    pub fn held(&self) -> usize {
        self.held
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_entries_go_first_and_the_bound_holds() {
        let mut kept = KeptMemory::new(10);
        kept.keep(1, "one", 4);
        kept.keep(2, "two", 4);
        assert_eq!(
            (kept.get(&1), kept.get(&2), kept.held()),
            (Some(&"one"), Some(&"two"), 8)
        );
        // Room for 3 more units only: the oldest, 1, goes.
        kept.keep(3, "three", 5);
        assert_eq!(
            (kept.get(&1), kept.get(&2), kept.get(&3)),
            (None, Some(&"two"), Some(&"three"))
        );
        assert_eq!(kept.held(), 9);
        // Kept again for a key: the older entry's units are given back first.
        kept.keep(2, "two again", 1);
        assert_eq!((kept.get(&2), kept.held()), (Some(&"two again"), 6));
        // Too big for the bound: not kept, nothing dropped.
        kept.keep(4, "four", 11);
        assert_eq!((kept.get(&4), kept.held()), (None, 6));
        // Now 3 is the oldest (2 was kept again after it): dropping it alone makes room.
        kept.keep(5, "five", 8);
        assert_eq!(
            (kept.get(&3), kept.get(&2), kept.get(&5)),
            (None, Some(&"two again"), Some(&"five"))
        );
        assert_eq!(kept.held(), 9);
    }

    /// The same keeps in the same order leave the same entries, whatever the keys hash to:
    /// two memories fed alike agree on every key.
    #[test]
    fn what_is_kept_depends_only_on_the_keeps() {
        let feed = |kept: &mut KeptMemory<u64, u64>| {
            for key in 0..1000u64 {
                let size = (key * 7919 % 13) as usize + 1;
                kept.keep(key.wrapping_mul(0x9e37_79b9_7f4a_7c15), key, size);
            }
        };
        let (mut first, mut second) = (KeptMemory::new(100), KeptMemory::new(100));
        feed(&mut first);
        feed(&mut second);
        for key in 0..1000u64 {
            let key = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            assert_eq!(first.get(&key), second.get(&key));
        }
        assert!(first.held() <= 100);
        // The last ones kept are there: nothing newer could have dropped them.
        assert_eq!(
            first.get(&999u64.wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            Some(&999)
        );
    }
}
