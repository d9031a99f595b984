//! Allocation counting: a global allocator that counts, per thread, what is asked of it
//! (allocations, bytes in total with a growth counting its new size and frees not netted, the
//! largest single request, the peak of live bytes), so that tests running in parallel do not
//! disturb each other. A test file (or fuzz target) takes it with
//! `#[path = "common/counting.rs"] mod counting;` (a path from the other crates' tests), which
//! installs it for that binary, and measures with [`spent`] or [`allocations_in`].

// Each including binary uses some of it only.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The counting allocator: `System`'s, counted.
struct Counting;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static BYTES: Cell<usize> = const { Cell::new(0) };
    static LARGEST: Cell<usize> = const { Cell::new(0) };
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

/// Counts a request for `size` bytes, of which `grown` are new.
fn count(size: usize, grown: usize) {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    let _ = BYTES.try_with(|n| n.set(n.get() + size));
    let _ = LARGEST.try_with(|n| n.set(n.get().max(size)));
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + grown);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

fn release(size: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(size)));
}

// SAFETY: forwards every call to `System` unchanged; the counters (const-initialized thread
// locals without destructors, which never allocate) have no effect on it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size(), layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size(), layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        release(layout.size());
        // SAFETY: forwarded unchanged; `ptr` came from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size, new_size);
        release(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// What one thread asked of the allocator while a closure ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spent {
    /// Allocations (a growth counts as one).
    pub allocations: usize,
    /// Bytes asked for in all (a growth counts its new size; frees are not netted).
    pub bytes: usize,
    /// The largest single request.
    pub largest: usize,
    /// The most bytes live at once, above what was live before.
    pub peak: usize,
}

/// Runs `f` and returns what this thread asked of the allocator meanwhile.
pub fn spent<R>(f: impl FnOnce() -> R) -> (R, Spent) {
    let (allocations, bytes, live) =
        (ALLOCATIONS.with(Cell::get), BYTES.with(Cell::get), LIVE.with(Cell::get));
    LARGEST.with(|n| n.set(0));
    PEAK.with(|n| n.set(live));
    let result = f();
    let spent = Spent {
        allocations: ALLOCATIONS.with(Cell::get) - allocations,
        bytes: BYTES.with(Cell::get) - bytes,
        largest: LARGEST.with(Cell::get),
        peak: PEAK.with(Cell::get).saturating_sub(live),
    };
    (result, spent)
}

/// How many allocations `f` makes on this thread.
pub fn allocations_in(f: impl FnOnce()) -> usize {
    spent(f).1.allocations
}
