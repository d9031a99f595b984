//! A global allocator that counts: allocations per operation are part of every result.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Wraps the system allocator and counts allocations and allocated bytes (a `realloc` counts as
/// one allocation of the new size).
pub struct CountingAllocator;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// `GlobalAlloc` contract holds exactly as it does for `System`; the counters have no effect on it.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: forwarded unchanged; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: forwarded unchanged; the caller upholds `alloc_zeroed`'s contract.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged; `ptr` came from this allocator, that is from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        BYTES.fetch_add(new_size as u64, Relaxed);
        // SAFETY: forwarded unchanged; `ptr` came from `System` with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocation counters at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AllocationCount {
    /// Number of allocations.
    pub count: u64,
    /// Bytes requested.
    pub bytes: u64,
}

impl AllocationCount {
    /// The counters now. They only count when [`CountingAllocator`] is the global allocator.
    pub fn now() -> Self {
        AllocationCount { count: ALLOCATIONS.load(Relaxed), bytes: BYTES.load(Relaxed) }
    }

    /// What was allocated since `earlier`.
    pub fn since(earlier: AllocationCount) -> Self {
        let now = AllocationCount::now();
        AllocationCount { count: now.count - earlier.count, bytes: now.bytes - earlier.bytes }
    }
}
