//! The process's allocator, which is the program's to tune and never the library's: after a
//! big search's memory is dropped (the engines' `Workspace::trim` says when), the program asks
//! the C library to give the freed memory back to the system.

/// Asks the C library's allocator to give the memory freed so far back to the system.
///
/// glibc keeps freed blocks below its mmap threshold in its heap for reuse, and raises that
/// threshold (up to 32 MiB) each time a larger block mapped on its own is freed: after a big
/// search, tens of megabytes of freed memory stayed resident while the program waited for its
/// next query. `malloc_trim` releases them. Elsewhere the allocator is left to itself.
pub(crate) fn return_freed_memory_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: malloc_trim takes a plain integer, touches only the allocator's own state
        // (under its lock, so it is safe with other threads allocating), and the Rust global
        // allocator on this target is that same malloc. Its result, whether memory was
        // released, needs no handling.
        unsafe {
            libc::malloc_trim(0);
        }
    }
}
