//! Giving up work nobody waits for any more. A caller that has already
//! answered with a timeout (`carca serve`) raises a flag that the thread
//! doing the work watches ([`watching`]); long loops (the referee's turns)
//! ask [`stopped`] now and then and stop early, and the caller throws
//! away what they made. Work on a thread that watches no flag never stops
//! early, so every command's answer is whole.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread, watching `flag`: [`stopped`] says `true` once
/// it is raised.
pub fn watching<R>(flag: Arc<AtomicBool>, f: impl FnOnce() -> R) -> R {
    let before = FLAG.with(|s| s.replace(Some(flag)));
    let out = f();
    FLAG.with(|s| *s.borrow_mut() = before);
    out
}

/// Whether the work on this thread was given up: its answer will be
/// thrown away, so it may stop at once.
#[must_use]
pub fn stopped() -> bool {
    FLAG.with(|s| {
        s.borrow()
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_watched_flag_stops_work() {
        assert!(!stopped(), "no flag: never stopped");
        let flag = Arc::new(AtomicBool::new(false));
        watching(Arc::clone(&flag), || {
            assert!(!stopped());
            flag.store(true, Ordering::Relaxed);
            assert!(stopped());
        });
        assert!(!stopped(), "the flag is watched only inside");
    }
}
