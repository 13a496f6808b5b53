//! The candidate's process itself: started (on Unix in a process group of its own), watched
//! without being reaped, killed with everything it started, and reaped with what it used.
//!
//! On Unix knight-moves waits for the candidate by hand (`waitid` to see that it ended, `wait4`
//! to reap it with its resource usage) instead of through std's `Child`, which is dropped once
//! its pipes are taken: std's `wait` gives no resource usage, and a `Child` must never wait for
//! or kill a pid that was reaped here. Every spawn, reap and kill happens under one lock
//! (`unix::RUNNING`), so the signal thread (see `signals.rs`) never kills a pid that was reaped and
//! may have been given to another process, and no candidate starts once it has cleaned up.

use std::io;
use std::process::{ChildStderr, ChildStdin, ChildStdout, ExitStatus};

/// The pipes of a started candidate.
pub(super) struct Pipes {
    pub stdin: ChildStdin,
    pub stdout: ChildStdout,
    pub stderr: ChildStderr,
}

/// How the candidate ended, once reaped.
pub(super) struct Ended {
    pub status: ExitStatus,
    /// The largest resident memory of the candidate and of the descendants it waited for:
    /// unknown where the system does not say, and only a bound (Linux) where the figure is no
    /// more than knight-moves' own peak when the candidate started, which Linux counts in it.
    pub peak_memory: super::PeakMemory,
}

/// Takes a spawned child's three pipes, which `Stdio::piped()` made.
fn take_pipes(child: &mut std::process::Child) -> io::Result<Pipes> {
    let missing = || io::Error::other("a candidate's pipe was not made");
    Ok(Pipes {
        stdin: child.stdin.take().ok_or_else(missing)?,
        stdout: child.stdout.take().ok_or_else(missing)?,
        stderr: child.stderr.take().ok_or_else(missing)?,
    })
}

#[cfg(unix)]
pub(super) use unix::{
    Process, children_cpu_time, kill_everything_for_good, sweep_descendants, sweep_strays,
};
#[cfg(not(unix))]
pub(super) use windows::{Process, children_cpu_time, sweep_descendants, sweep_strays};

#[cfg(unix)]
mod unix {
    use std::io;
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    use std::process::{Command, ExitStatus};
    use std::sync::{Mutex, MutexGuard, PoisonError};
    #[cfg(target_os = "linux")]
    use std::thread;
    use std::time::Duration;

    use super::{Ended, Pipes, take_pipes};
    use crate::stress::candidate::PeakMemory;

    /// The candidate started and not yet reaped (its pid, which is also its process group's
    /// id), if any. Held while a candidate is spawned, reaped, or its descendants are swept.
    static RUNNING: Mutex<Option<libc::pid_t>> = Mutex::new(None);

    /// The most rounds of the sweep that kills what a candidate left: each round kills every
    /// child knight-moves has; a fork bomb could make new ones for ever.
    #[cfg(target_os = "linux")]
    const MOST_SWEEP_ROUNDS: usize = 1000;

    fn running() -> MutexGuard<'static, Option<libc::pid_t>> {
        // A thread that panicked while holding the lock left a pid or None: both still true.
        RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A started candidate, killed and reaped (with all it started) when dropped unless
    /// [`Process::end`] did it.
    pub(in crate::stress::candidate) struct Process {
        pid: libc::pid_t,
        has_ended: bool,
        /// Knight-moves' peak memory just before the candidate was started (Linux), which
        /// Linux counts in the candidate's peak.
        inherited_bytes: Option<u64>,
    }

    impl Process {
        /// Starts `command` in a process group of its own, with its three pipes.
        pub(in crate::stress::candidate) fn start(
            command: &mut Command,
        ) -> io::Result<(Process, Pipes)> {
            #[cfg(target_os = "linux")]
            super::super::process_tree::become_subreaper();
            command.process_group(0);
            let mut running = running();
            #[cfg(target_os = "linux")]
            let inherited_bytes = super::super::process_tree::peak_a_child_inherits();
            #[cfg(not(target_os = "linux"))]
            let inherited_bytes = None;
            let mut child = command.spawn()?;
            let pipes = take_pipes(&mut child);
            let pid = child.id() as libc::pid_t;
            *running = Some(pid);
            // std's Child neither waits nor kills when dropped: from here the pid is reaped
            // here, by wait4, which tells the resource usage std's wait does not.
            drop(child);
            let process = Process {
                pid,
                has_ended: false,
                inherited_bytes,
            };
            Ok((process, pipes?))
        }

        /// Whether the candidate has ended; it is not reaped, so its pid (and its group's id)
        /// stays its own until [`Process::end`].
        pub(in crate::stress::candidate) fn has_exited(&self) -> io::Result<bool> {
            // SAFETY: siginfo_t is plain data, for which all zeroes is a valid value.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            let options = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            // SAFETY: `info` is a valid siginfo_t that waitid fills; the pid is our own
            // unreaped child. WNOWAIT leaves it a zombie, WNOHANG makes the call not block.
            let result =
                unsafe { libc::waitid(libc::P_PID, self.pid as libc::id_t, &mut info, options) };
            if result == -1 {
                let error = io::Error::last_os_error();
                return match error.kind() {
                    io::ErrorKind::Interrupted => Ok(false),
                    _ => Err(error),
                };
            }
            // Zeroed before the call, si_signo is SIGCHLD only when a child was found ended.
            Ok(info.si_signo == libc::SIGCHLD)
        }

        /// The resident memory of every process the candidate started, itself included (on
        /// Linux; `None` elsewhere).
        pub(in crate::stress::candidate) fn resident_bytes(&self) -> Option<u64> {
            #[cfg(target_os = "linux")]
            {
                // SAFETY: getpid takes nothing and cannot fail.
                let knight_moves = unsafe { libc::getpid() };
                Some(super::super::process_tree::resident_bytes_below(
                    knight_moves,
                ))
            }
            #[cfg(not(target_os = "linux"))]
            None
        }

        /// Kills the candidate and its process group, without reaping it.
        pub(in crate::stress::candidate) fn kill(&self) {
            kill_group_and_leader(self.pid);
        }

        /// Reaps the candidate (which must have ended or been killed), after killing what is
        /// left of its process group, then kills and reaps every other process below
        /// knight-moves (see [`kill_every_descendant`]).
        pub(in crate::stress::candidate) fn end(&mut self) -> io::Result<Ended> {
            let mut running = running();
            // Before the reap: until then the group's id cannot name another process's group.
            kill_group(self.pid);
            let mut status = 0;
            // SAFETY: rusage is plain data, for which all zeroes is a valid value.
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            let reaped = loop {
                // SAFETY: `status` and `usage` are valid for wait4 to fill; the pid is our own
                // child, not yet reaped (only this function reaps it, under the lock).
                let reaped = unsafe { libc::wait4(self.pid, &mut status, 0, &mut usage) };
                if reaped != -1 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                    break reaped;
                }
            };
            let error = (reaped == -1).then(io::Error::last_os_error);
            self.has_ended = true;
            *running = None;
            kill_every_descendant();
            drop(running);
            if let Some(error) = error {
                return Err(error);
            }
            let peak = max_resident_bytes(&usage);
            let peak_memory = match self.inherited_bytes {
                // Only a peak above what knight-moves held is the candidate's own for sure;
                // one no larger may be knight-moves' alone, and bounds the candidate's.
                Some(inherited) if peak <= inherited => PeakMemory::AtMost(peak),
                _ => PeakMemory::Measured(peak),
            };
            Ok(Ended {
                status: ExitStatus::from_raw(status),
                peak_memory,
            })
        }
    }

    impl Drop for Process {
        fn drop(&mut self) {
            // An error ended the run early: nothing it started outlives it.
            if !self.has_ended {
                self.kill();
                let _ = self.end();
            }
        }
    }

    /// `ru_maxrss` in bytes: the system counts it in bytes on Apple's systems, in kilobytes
    /// (1024 bytes) on Linux and the BSDs.
    fn max_resident_bytes(usage: &libc::rusage) -> u64 {
        let max = u64::try_from(usage.ru_maxrss).unwrap_or(0);
        match cfg!(target_vendor = "apple") {
            true => max,
            false => max.saturating_mul(1024),
        }
    }

    /// The CPU time (user and system) of every child knight-moves has reaped so far, and of
    /// the descendants they reaped: the difference before and after a case is the case's.
    pub(in crate::stress::candidate) fn children_cpu_time() -> Option<Duration> {
        // SAFETY: rusage is plain data, for which all zeroes is a valid value.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `usage` is valid for getrusage to fill.
        if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } != 0 {
            return None;
        }
        let time = |time: libc::timeval| {
            Duration::from_secs(u64::try_from(time.tv_sec).unwrap_or(0))
                + Duration::from_micros(u64::try_from(time.tv_usec).unwrap_or(0))
        };
        Some(time(usage.ru_utime) + time(usage.ru_stime))
    }

    /// Kills the running candidate's group and every process below knight-moves, and keeps
    /// the lock for ever, so that no candidate starts after: for the signal thread, just
    /// before knight-moves ends.
    pub(in crate::stress::candidate) fn kill_everything_for_good() {
        let running = running();
        if let Some(pid) = *running {
            kill_group_and_leader(pid);
        }
        kill_every_descendant();
        std::mem::forget(running);
    }

    /// Kills and reaps every process below knight-moves (see [`kill_every_descendant`]),
    /// once no candidate of this process runs: for a run whose candidates ran in workers,
    /// once the workers have ended, for what they may have left to knight-moves, their
    /// subreaper.
    pub(in crate::stress::candidate) fn sweep_descendants() {
        let _running = running();
        kill_every_descendant();
    }

    /// Kills and reaps every process below knight-moves but the workers `kept` and what is
    /// below them: what the workers that ended left to knight-moves, their subreaper (a
    /// stopped worker killed leaves its program; zombies left to it count in `ulimit -u`
    /// until it reaps them). Only its own children that are not kept are reaped, one by one:
    /// a worker's end is its thread's to reap. Linux only; elsewhere nothing is handed to
    /// knight-moves.
    pub(in crate::stress::candidate) fn sweep_strays(kept: &[u32]) {
        #[cfg(target_os = "linux")]
        {
            let _running = running();
            let kept: Vec<libc::pid_t> = kept.iter().map(|&pid| pid as libc::pid_t).collect();
            // SAFETY: getpid takes nothing and cannot fail.
            let knight_moves = unsafe { libc::getpid() };
            for _ in 0..MOST_SWEEP_ROUNDS {
                let (strays, children) =
                    super::super::process_tree::strays_below(knight_moves, &kept);
                for child in children {
                    // SAFETY: waitpid with a null status pointer writes nothing; the pid is a
                    // child of this process, no worker's (those are kept out), and only this
                    // lock's holder reaps such children.
                    unsafe {
                        libc::waitpid(child, std::ptr::null_mut(), libc::WNOHANG);
                    }
                }
                if strays.is_empty() {
                    return;
                }
                for pid in strays {
                    // SAFETY: as in `kill_every_descendant`: a pid below knight-moves a moment
                    // ago, which no other process can have taken meanwhile but in theory.
                    unsafe {
                        libc::kill(pid, libc::SIGKILL);
                    }
                }
                thread::sleep(Duration::from_micros(100));
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = kept;
    }

    /// Kills the process group `pid` and the process `pid`, its leader (which may have left
    /// it). The caller makes sure `pid` is a candidate not yet reaped.
    fn kill_group_and_leader(pid: libc::pid_t) {
        kill_group(pid);
        // SAFETY: kill takes plain integers and touches no memory of this process. The pid is
        // our child, not yet reaped, so it names no other process.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }

    /// Kills the process group `group`, a candidate's, made for it by `process_group(0)`.
    fn kill_group(group: libc::pid_t) {
        if group > 0 {
            // SAFETY: kill takes plain integers and touches no memory of this process. The
            // group's id is the candidate's pid, not reaped yet (callers make sure), so no
            // other process can have it as a group id. A group already empty is an error we
            // ignore.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
    }

    /// Kills and reaps every process below knight-moves. On Linux knight-moves is their
    /// subreaper, so every living descendant is below it in `/proc`, whatever group or session
    /// it made: each round reaps the children that ended, then kills every process below
    /// knight-moves at once (a chain of a thousand `setsid`s dies in one round, not one
    /// generation a round), until none is left, in at most [`MOST_SWEEP_ROUNDS`] rounds (a
    /// process that forks faster than it is killed). With no child at all there is nothing
    /// below it, and `/proc` is not read. Elsewhere it reaps any ended child. Called with the
    /// lock held: only this thread reaps knight-moves' children.
    fn kill_every_descendant() {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: getpid takes nothing and cannot fail.
            let knight_moves = unsafe { libc::getpid() };
            for _ in 0..MOST_SWEEP_ROUNDS {
                if !reap_ended_children() {
                    return;
                }
                let below = super::super::process_tree::descendants_of(knight_moves);
                if below.is_empty() {
                    return;
                }
                for pid in below {
                    // SAFETY: kill takes plain integers and touches no memory of this
                    // process. The pid was below knight-moves a moment ago: a child of ours
                    // (unreaped, so it names no other process), or a process held by a parent
                    // below us, whose pid could go to another process only if that parent
                    // reaped it and the system then handed out every other pid (pids are
                    // given in turn, up to pid_max) in the microseconds since `/proc` was read.
                    unsafe {
                        libc::kill(pid, libc::SIGKILL);
                    }
                }
                thread::sleep(Duration::from_micros(100));
            }
        }
        #[cfg(not(target_os = "linux"))]
        reap_ended_children();
    }

    /// Reaps every child of knight-moves that has ended; says whether any child is left.
    fn reap_ended_children() -> bool {
        loop {
            // SAFETY: waitpid with a null status pointer writes nothing; it reaps only
            // children of this process, which only the lock's holder reaps.
            let reaped = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
            match reaped {
                0 => return true,
                -1 if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted => {}
                -1 => return false,
                _ => {}
            }
        }
    }
}

#[cfg(not(unix))]
mod windows {
    use std::io;
    use std::process::{Child, Command};
    use std::time::Duration;

    use super::{Ended, Pipes, take_pipes};

    /// A started candidate, killed and reaped when dropped unless [`Process::end`] did it.
    /// Windows has no process groups: only the candidate itself is killed.
    pub(in crate::stress::candidate) struct Process {
        child: Child,
        has_ended: bool,
    }

    impl Process {
        pub(in crate::stress::candidate) fn start(
            command: &mut Command,
        ) -> io::Result<(Process, Pipes)> {
            let mut child = command.spawn()?;
            let pipes = take_pipes(&mut child);
            let process = Process {
                child,
                has_ended: false,
            };
            Ok((process, pipes?))
        }

        pub(in crate::stress::candidate) fn has_exited(&mut self) -> io::Result<bool> {
            Ok(self.child.try_wait()?.is_some())
        }

        pub(in crate::stress::candidate) fn resident_bytes(&self) -> Option<u64> {
            None
        }

        pub(in crate::stress::candidate) fn kill(&mut self) {
            let _ = self.child.kill();
        }

        pub(in crate::stress::candidate) fn end(&mut self) -> io::Result<Ended> {
            self.has_ended = true;
            Ok(Ended {
                status: self.child.wait()?,
                peak_memory: super::super::PeakMemory::Unknown,
            })
        }
    }

    impl Drop for Process {
        fn drop(&mut self) {
            if !self.has_ended {
                self.kill();
                let _ = self.end();
            }
        }
    }

    pub(in crate::stress::candidate) fn children_cpu_time() -> Option<Duration> {
        None
    }

    /// Nothing to sweep: Windows' processes are not handed to knight-moves.
    pub(in crate::stress::candidate) fn sweep_descendants() {}

    /// Nothing to sweep, as above.
    pub(in crate::stress::candidate) fn sweep_strays(_kept: &[u32]) {}
}
