//! Running a candidate program on one input, as a judge does: its standard input written from
//! a thread (so a program that does not read cannot stall knight-moves), its standard output
//! and error read from threads, with limits on time, output and memory, and what it used
//! measured (wall time, CPU time, peak memory). Nothing it started outlives the case.
//!
//! # How a run ends
//!
//! - **Time**: only the clock says *Time limit exceeded*: the candidate (the process
//!   knight-moves started) still running at the limit, measured from its start.
//! - **Output**: *Output limit exceeded* only when standard output brought more than the limit.
//!   A program that closes its standard output early is not judged by that.
//! - **Memory** (`--memory-limit`): on Linux, the resident memory of every process below
//!   knight-moves (the sum of their resident set sizes, from `/proc`) is checked every
//!   [`MEMORY_CHECK_INTERVAL`] while the candidate runs, and the run stopped as soon as it is
//!   past the limit; and after the run, the peak memory (see *What is measured*) past the limit
//!   is judged the same. On macOS and the BSDs only the peak after the run is checked. Windows
//!   measures no memory (the command line refuses `--memory-limit` there).
//!
//! # What is killed, and when
//!
//! On Unix the candidate runs in a process group of its own. The run stops (the candidate and
//! its group killed with SIGKILL) at the time limit, past the output or memory limit, or when
//! knight-moves fails. When the candidate ends by itself, its pipes get [`PIPE_GRACE`] (never
//! past the time limit) to bring what its leftover children still write, then its group is
//! killed. Either way, after that:
//! - on Linux, knight-moves is the *child subreaper* of everything below it, so processes that
//!   left the group or the session (`setsid`, double forks) are handed to it when their parent
//!   dies; it kills and reaps its children again and again until it has none: **nothing the
//!   candidate started outlives the case**;
//! - on macOS and the BSDs only the candidate's process group is killed: a descendant that
//!   made a group or session of its own (`setsid`) survives;
//! - on Windows only the candidate is killed, not what it started.
//!
//! The output read so far is then collected; a pipe still held open a little after that (by a
//! process that could not be killed) is abandoned with what came through it.
//!
//! SIGINT, SIGTERM and SIGHUP kill the same way before knight-moves ends (see `signals.rs`).
//!
//! # What is measured
//!
//! - Wall time, from the start to the candidate's end (or to the stop), everywhere.
//! - CPU time (user and system) of the whole tree, on Unix: `getrusage(RUSAGE_CHILDREN)` before
//!   and after the case, once everything is reaped, so it counts the candidate, what it waited
//!   for, and the orphans knight-moves reaped (on Linux, all of them). Windows: `None`.
//! - Peak memory, the figure `--memory-limit` is judged by and the one shown: on Linux the
//!   larger of the most resident memory all its processes held together (from `/proc`, every
//!   [`MEMORY_CHECK_INTERVAL`] while it runs, limited or not: from its start when limited,
//!   from the first interval otherwise) and its `ru_maxrss` from `wait4`
//!   (the largest resident set of the candidate or of a descendant it waited for, alone);
//!   on macOS and the BSDs that `ru_maxrss` alone. Windows: `None`.
//!
//! Knight-moves must start no other child processes while candidates run: the sweep kills and
//! reaps every child it has.

mod process;
#[cfg(target_os = "linux")]
mod process_tree;
mod signals;
pub(crate) mod workers;

use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

pub(crate) use signals::clean_up_on_signals;

use process::Process;

/// What a run may use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Wall time, from the candidate's start.
    pub time: Duration,
    /// Bytes of standard output.
    pub output_bytes: usize,
    /// Resident memory of the candidate's processes, in bytes, if limited.
    pub memory_bytes: Option<u64>,
}

/// What a run used (see the module documentation for how each is measured).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Usage {
    pub wall: Duration,
    /// User and system time of every process of the candidate's; `None` on Windows.
    pub cpu: Option<Duration>,
    /// The candidate's peak resident memory, the figure `--memory-limit` is judged by: on
    /// Linux the larger of the most its processes held together (watched while it ran) and
    /// the largest one's own peak; elsewhere that peak alone; unknown on Windows.
    pub peak_memory: PeakMemory,
}

/// A candidate's peak resident memory, as far as the system tells it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PeakMemory {
    /// The system says nothing of it (Windows).
    #[default]
    Unknown,
    /// At most these bytes, and perhaps much less: Linux counts the memory of the process
    /// that started the candidate in the candidate's peak (see
    /// `process_tree::peak_a_child_inherits`), and no figure larger than that was seen, so
    /// this is a bound, not a measurement.
    AtMost(u64),
    /// These bytes, measured.
    Measured(u64),
}

impl PeakMemory {
    /// The bytes measured, where they were: the figure a limit is judged by. A bound is
    /// never held against the candidate.
    pub(crate) fn measured(self) -> Option<u64> {
        match self {
            PeakMemory::Measured(bytes) => Some(bytes),
            PeakMemory::AtMost(_) | PeakMemory::Unknown => None,
        }
    }

    /// The larger of two figures: of two measurements, the larger; a measurement rather than
    /// a bound, which says only that the figure Linux gives is no more the candidate's than
    /// knight-moves' own (and the measurement was seen); of two bounds, the larger, which
    /// holds for both.
    pub(crate) fn larger(self, other: PeakMemory) -> PeakMemory {
        use PeakMemory::{AtMost, Measured, Unknown};
        match (self, other) {
            (Unknown, figure) | (figure, Unknown) => figure,
            (Measured(a), Measured(b)) => Measured(a.max(b)),
            (AtMost(a), AtMost(b)) => AtMost(a.max(b)),
            (Measured(measured), AtMost(_)) | (AtMost(_), Measured(measured)) => Measured(measured),
        }
    }
}

/// How a run of the candidate ended: by itself, or stopped at one of its limits.
#[derive(Debug)]
pub(crate) enum RunEnd {
    /// The program ended by itself within the limits.
    Finished {
        status: ExitStatus,
        stdout: Vec<u8>,
        /// The end of its standard error (at most [`STDERR_KEPT`] bytes), where
        /// interpreters write the exception that ended a program.
        stderr: Vec<u8>,
    },
    /// It was still running at the time limit.
    TimedOut,
    /// It wrote more than the output limit.
    OutputLimitExceeded,
    /// Its processes held more memory than the memory limit.
    MemoryLimitExceeded,
}

/// The most of a candidate's standard error kept to show: its last bytes.
pub(crate) const STDERR_KEPT: usize = 4096;

/// How long the pipes of a candidate that has ended may still bring output (from children it
/// left, or buffered) before what is left of it is killed.
const PIPE_GRACE: Duration = Duration::from_millis(75);

/// How long, once everything is killed, the readers may take to finish: data still in a pipe
/// is read in microseconds; a pipe that stays open past this is held by a process that could
/// not be killed, and is abandoned.
const READER_GRACE: Duration = Duration::from_millis(100);

/// How often the candidate's memory is checked against the limit while it runs (a scan of
/// `/proc`, a millisecond or so, so not at every poll).
const MEMORY_CHECK_INTERVAL: Duration = Duration::from_millis(5);

/// The first and the longest pause between two looks at whether the candidate has ended: short
/// at first, so a fast program is not made to wait, longer after, so a slow one costs little.
const FIRST_POLL: Duration = Duration::from_micros(200);
const LONGEST_POLL: Duration = Duration::from_millis(5);

/// Why a run could not be made: the program could not be started (the user's to fix), or the
/// system refused knight-moves something it needs to judge (a thread, a pipe, a process, a
/// wait): a failure of the judge's, never the candidate's.
#[derive(Debug)]
pub(crate) enum RunError {
    /// The program itself could not be started: not found, not executable.
    Program(io::Error),
    /// The system refused `what` (say, "a thread to write the program's input").
    Refused {
        what: Cow<'static, str>,
        error: io::Error,
    },
    /// The process that ran the case (a worker, see [`workers`]) was lost before it said how
    /// the run went, as the clause says (`the process that ran the case ended, killed by
    /// signal 9, …`): the program may have ended or stopped it, its own parent.
    Lost(String),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Program(error) => write!(f, "{error}"),
            RunError::Refused { what, error } => write!(f, "the system refused {what}: {error}"),
            RunError::Lost(why) => f.write_str(why),
        }
    }
}

impl RunError {
    /// What a failed `spawn` amounts to: the program's fault where it names the program (not
    /// found, not allowed, not an executable), else a refusal of the system's (no process or
    /// pipe to be had: `ulimit -u`, too many open files, no memory).
    fn of_spawn(error: io::Error) -> RunError {
        let names_the_program = matches!(
            error.kind(),
            io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied | io::ErrorKind::InvalidInput
        );
        #[cfg(unix)]
        let names_the_program = names_the_program
            || error.raw_os_error().is_some_and(|code| {
                [
                    libc::ENOEXEC,
                    libc::ENOTDIR,
                    libc::ELOOP,
                    libc::ENAMETOOLONG,
                    libc::ETXTBSY,
                    libc::EISDIR,
                ]
                .contains(&code)
            });
        match names_the_program {
            true => RunError::Program(error),
            false => RunError::Refused {
                what: "a process and pipes for the program".into(),
                error,
            },
        }
    }

    /// A refusal of `what`, for `map_err`.
    pub(crate) fn refused(what: &'static str) -> impl FnOnce(io::Error) -> RunError {
        move |error| RunError::Refused {
            what: what.into(),
            error,
        }
    }
}

/// The stack of each thread that feeds or reads a candidate: they copy between a pipe and a
/// buffer on the heap, with an 8 KiB array of their own, so a small stack does, where std's
/// default of 2 MiB each would take address space that `prlimit --as` counts.
const HELPER_STACK_BYTES: usize = 256 * 1024;

/// Starts a thread named `name` running `body`, or says that the system refused it (`ulimit -u`
/// counts threads as processes), where `thread::spawn` would panic.
fn start_thread(name: &'static str, body: impl FnOnce() + Send + 'static) -> Result<(), RunError> {
    thread::Builder::new()
        .name(name.to_owned())
        .stack_size(HELPER_STACK_BYTES)
        .spawn(body)
        .map(drop)
        .map_err(RunError::refused(name))
}

/// A program to run, as `stress` names it.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub program: String,
    pub args: Vec<String>,
}

impl Candidate {
    /// Runs the program on `input` within `limits`; says how it went and what it used, and
    /// calls `started` once the program has started. On an error, whatever was started is
    /// killed and reaped (see `Process`'s `Drop`).
    pub(crate) fn run(
        &self,
        input: &[u8],
        limits: &Limits,
        started: impl FnOnce(),
    ) -> Result<(RunEnd, Usage), RunError> {
        let mut command = Command::new(&self.program);
        command
            .args(&self.args)
            // The program is no worker, whatever it runs (knight-moves itself, say).
            .env_remove(workers::WORKER_VARIABLE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let cpu_before = process::children_cpu_time();
        let start = Instant::now();
        let (mut process, pipes) = Process::start(&mut command).map_err(RunError::of_spawn)?;
        started();
        // The readers first: they last as long as the program, where the writer may be done
        // at once, so which thread the system refuses depends on the room it has, not on a
        // race with the writer's end.
        let mut readers = Readers::start(pipes.stdout, pipes.stderr, limits.output_bytes)?;
        let input = input.to_vec();
        let mut stdin = pipes.stdin;
        // Written from a thread: a program that does not read its input, or reads it slowly,
        // must not stop knight-moves from timing it. A closed pipe is the program's business.
        // Never joined: a pipe held by a process that could not be killed would block it.
        start_thread("a thread to write the program's input", move || {
            let _ = stdin.write_all(&input);
        })?;
        let deadline = start + limits.time;
        let (stopped, watched_peak) = watch(&mut process, &readers, limits, deadline)
            .map_err(RunError::refused("a wait for the program"))?;
        let wall = start.elapsed();
        match stopped {
            Some(_) => process.kill(),
            // Children it left may still be writing, and the pipes hold what it wrote.
            None => readers.wait_until((Instant::now() + PIPE_GRACE).min(deadline)),
        }
        let ended = process
            .end()
            .map_err(RunError::refused("a wait for the program's end"))?;
        let cpu = cpu_before
            .zip(process::children_cpu_time())
            .map(|(before, after)| after.saturating_sub(before));
        readers.wait_until(Instant::now() + READER_GRACE);
        // The figure the limit is judged by: the larger of the most its processes held
        // together while watched and the largest one's peak after the run (where that figure
        // is not knight-moves' own, see `Ended`).
        let peak_memory = ended
            .peak_memory
            .larger(watched_peak.map_or(PeakMemory::Unknown, PeakMemory::Measured));
        let usage = Usage {
            wall,
            cpu,
            peak_memory,
        };
        let past_memory_limit = limits
            .memory_bytes
            .zip(peak_memory.measured())
            .is_some_and(|(limit, peak)| peak > limit);
        let end = match stopped {
            Some(end) => end,
            None if readers.stdout.is_past_limit() => RunEnd::OutputLimitExceeded,
            None if past_memory_limit => RunEnd::MemoryLimitExceeded,
            None => RunEnd::Finished {
                status: ended.status,
                stdout: readers.stdout.taken(),
                stderr: readers.stderr.taken(),
            },
        };
        Ok((end, usage))
    }
}

/// An exit status as a person would say it.
pub(crate) fn describe(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "an unknown exit status".to_owned(),
    }
}

/// Waits for the candidate to end by itself (`None`) or to be stopped: past the output limit,
/// the time limit or the memory limit (`Some` of how the run ends); and the largest resident
/// memory seen meanwhile, when a memory limit had it watched.
fn watch(
    process: &mut Process,
    readers: &Readers,
    limits: &Limits,
    deadline: Instant,
) -> io::Result<(Option<RunEnd>, Option<u64>)> {
    let mut pause = FIRST_POLL;
    // Limited, the memory is looked at from the start; otherwise only from the first interval,
    // so that the many candidates that end within it pay for no look at `/proc` (a
    // millisecond's CPU a case), their figure then the largest process's peak alone.
    let mut next_memory_check = match limits.memory_bytes {
        Some(_) => Instant::now(),
        None => Instant::now() + MEMORY_CHECK_INTERVAL,
    };
    let mut watched_peak: Option<u64> = None;
    loop {
        if process.has_exited()? {
            return Ok((None, watched_peak));
        }
        if readers.stdout.is_past_limit() {
            return Ok((Some(RunEnd::OutputLimitExceeded), watched_peak));
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok((Some(RunEnd::TimedOut), watched_peak));
        }
        // Watched whether or not it is limited, so that the figure shown means the same
        // in both runs (`None` where the system does not tell: not Linux).
        if now >= next_memory_check {
            // Nothing resident is no figure: the candidate ended (a zombie holds none) before
            // a look could see it.
            let resident = process.resident_bytes().filter(|&bytes| bytes > 0);
            watched_peak = watched_peak.max(resident);
            let limit = limits.memory_bytes;
            if resident
                .zip(limit)
                .is_some_and(|(resident, limit)| resident > limit)
            {
                return Ok((Some(RunEnd::MemoryLimitExceeded), watched_peak));
            }
            next_memory_check = now + MEMORY_CHECK_INTERVAL;
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(LONGEST_POLL);
    }
}

/// What a reader thread has read from a pipe so far, shared so that a reader stuck on a pipe
/// nobody closes can be left behind with what it got.
#[derive(Default)]
struct Captured {
    kept: Mutex<Vec<u8>>,
    /// Whether the pipe brought more than the bytes to keep (then reading stopped).
    is_past_limit: AtomicBool,
}

impl Captured {
    fn is_past_limit(&self) -> bool {
        self.is_past_limit.load(Ordering::SeqCst)
    }

    /// What was kept, taken out.
    fn taken(&self) -> Vec<u8> {
        std::mem::take(&mut self.kept.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// The threads that read the candidate's standard output and error.
struct Readers {
    stdout: Arc<Captured>,
    stderr: Arc<Captured>,
    /// A message from each reader when it has finished.
    finished: Receiver<()>,
    /// How many have finished, of two.
    finished_count: usize,
}

impl Readers {
    fn start(
        stdout: impl Read + Send + 'static,
        stderr: impl Read + Send + 'static,
        output_limit: usize,
    ) -> Result<Readers, RunError> {
        let (sender, finished) = mpsc::channel();
        let readers = Readers {
            stdout: Arc::default(),
            stderr: Arc::default(),
            finished,
            finished_count: 0,
        };
        // Standard output: one byte past the limit tells that it was passed; reading stops
        // there, and the program, its pipe full, waits to be killed.
        let captured = Arc::clone(&readers.stdout);
        let sender_for_stdout = sender.clone();
        start_thread("a thread to read the program's output", move || {
            read_into(stdout, &captured, Some(output_limit), sender_for_stdout);
        })?;
        // Standard error: read to its end, keeping the start: a program that logs much must not
        // be stopped by a pipe nobody reads (it would die of SIGPIPE and look like a crash).
        let captured = Arc::clone(&readers.stderr);
        start_thread("a thread to read the program's errors", move || {
            read_into(stderr, &captured, None, sender);
        })?;
        Ok(readers)
    }

    /// Waits until both readers have finished, or until `until`.
    fn wait_until(&mut self, until: Instant) {
        while self.finished_count < 2 {
            let left = until.saturating_duration_since(Instant::now());
            match self.finished.recv_timeout(left) {
                Ok(()) => self.finished_count += 1,
                Err(_) => return,
            }
        }
    }
}

/// Reads `pipe` into `captured` to its end and says so on `finished`. With a limit, it keeps
/// at most `limit + 1` bytes and stops there (the start, which is judged); without one, it
/// reads on to the end and keeps the last [`STDERR_KEPT`] bytes (the end, where interpreters
/// write the exception that ended a program).
fn read_into(mut pipe: impl Read, captured: &Captured, limit: Option<usize>, finished: Sender<()>) {
    let kept_most = limit.map_or(STDERR_KEPT, |limit| limit.saturating_add(1));
    let mut chunk = [0; 8192];
    loop {
        let read = match pipe.read(&mut chunk) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let mut kept = captured.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if limit.is_none() {
            keep_the_end(&mut kept, &chunk[..read], kept_most);
            continue;
        }
        let room = kept_most.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..read.min(room)]);
        if kept.len() == kept_most {
            captured.is_past_limit.store(true, Ordering::SeqCst);
            break;
        }
    }
    let _ = finished.send(());
}

/// Appends `more` to `kept`, then drops from its front what is past its last `most` bytes.
fn keep_the_end(kept: &mut Vec<u8>, more: &[u8], most: usize) {
    let more = &more[more.len().saturating_sub(most)..];
    let excess = (kept.len() + more.len()).saturating_sub(most);
    kept.drain(..excess);
    kept.extend_from_slice(more);
}

#[cfg(all(test, unix))] // the candidates are POSIX shell scripts
mod tests {
    use super::*;

    /// The tests run candidates one at a time: the sweep at the end of a run kills every child
    /// of the test process, another test's candidate too.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

    fn run_shell(script: &str, limits: &Limits) -> (RunEnd, Usage) {
        let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
        run_shell_now(script, limits)
    }

    /// [`run_shell`] for a caller that holds [`ONE_AT_A_TIME`].
    fn run_shell_now(script: &str, limits: &Limits) -> (RunEnd, Usage) {
        let candidate = Candidate {
            program: "sh".to_owned(),
            args: vec!["-c".to_owned(), script.to_owned()],
        };
        candidate.run(b"a1 b2\n", limits, || ()).unwrap()
    }

    fn limits(seconds: f64) -> Limits {
        Limits {
            time: Duration::from_secs_f64(seconds),
            output_bytes: 1 << 20,
            memory_bytes: None,
        }
    }

    #[test]
    fn a_finished_run_keeps_its_output_and_its_status() {
        let (run, usage) = run_shell("cat; echo oops >&2; exit 3", &limits(5.0));
        let RunEnd::Finished {
            status,
            stdout,
            stderr,
        } = run
        else {
            panic!("{run:?}");
        };
        assert_eq!(status.code(), Some(3));
        assert_eq!(stdout, b"a1 b2\n");
        assert_eq!(stderr, b"oops\n");
        assert!(usage.wall > Duration::ZERO, "{usage:?}");
    }

    #[test]
    fn closing_standard_output_early_is_neither_a_time_out_nor_too_much_output() {
        let (run, usage) = run_shell("echo yes; exec >&-; sleep 0.3", &limits(5.0));
        assert!(
            matches!(run, RunEnd::Finished { ref stdout, .. } if stdout == b"yes\n"),
            "{run:?}"
        );
        assert!(usage.wall >= Duration::from_millis(300), "{usage:?}");
    }

    #[test]
    fn only_more_output_than_the_limit_is_too_much() {
        let mut at_limit = limits(5.0);
        at_limit.output_bytes = 6;
        let (run, _) = run_shell("echo 12345", &at_limit);
        assert!(matches!(run, RunEnd::Finished { .. }), "{run:?}");
        let (run, _) = run_shell("echo 123456", &at_limit);
        assert!(matches!(run, RunEnd::OutputLimitExceeded), "{run:?}");
        let (run, _) = run_shell("yes", &at_limit);
        assert!(matches!(run, RunEnd::OutputLimitExceeded), "{run:?}");
    }

    #[test]
    fn a_child_left_holding_the_pipes_does_not_hold_the_run() {
        // Finished, not timed out at 5 s: the children's 30 s did not hold it.
        let (run, _) = run_shell("echo yes; sleep 30 & sleep 30 >/dev/null &", &limits(5.0));
        assert!(
            matches!(run, RunEnd::Finished { ref stdout, .. } if stdout == b"yes\n"),
            "{run:?}"
        );
    }

    #[test]
    fn the_time_limit_is_the_clock_s() {
        let (run, usage) = run_shell("sleep 30", &limits(0.2));
        assert!(matches!(run, RunEnd::TimedOut), "{run:?}");
        assert!(usage.wall >= Duration::from_millis(200), "{usage:?}");
        // Stopped at its limit, not at the sleep's end: a margin of 100 times the limit.
        assert!(usage.wall < Duration::from_secs(20), "{usage:?}");
    }

    /// A fixed amount of work for the shell: its CPU time is about the same however busy the
    /// machine is (only its wall time grows).
    const WORK: &str = "i=0; while [ $i -lt 100000 ]; do i=$((i + 1)); done";

    /// The CPU time counted is the candidate's and its orphans': asserted by what load cannot
    /// change (a fixed amount of work counted whole, never more CPU than a busy loop has wall
    /// time), not by how much CPU a loop gets in a given time.
    #[test]
    fn cpu_time_counts_the_candidate_and_the_orphans_it_left() {
        let (run, usage) = run_shell("while :; do :; done", &limits(0.4));
        assert!(matches!(run, RunEnd::TimedOut), "{run:?}");
        let cpu = usage.cpu.unwrap();
        assert!(cpu > Duration::ZERO, "{usage:?}");
        assert!(cpu <= usage.wall + Duration::from_millis(100), "{usage:?}");
        // The work alone, then the same work done by an orphan (its parent, a subshell, gone
        // at once) that the candidate does not wait for: it only waits to hear, through a
        // named pipe, that the work is done. Its time is counted on Linux, where knight-moves
        // is the orphan's subreaper and reaps it in the sweep.
        if cfg!(target_os = "linux") {
            let (run, alone) = run_shell(WORK, &limits(60.0));
            assert!(matches!(run, RunEnd::Finished { .. }), "{run:?}");
            let alone = alone.cpu.unwrap();
            let folder = tempfile::tempdir().unwrap();
            let done = folder.path().join("done");
            let done = done.display();
            let orphaned =
                format!("mkfifo {done}; ( ( {WORK}; echo > {done} ) & ); read x < {done}");
            let (run, usage) = run_shell(&orphaned, &limits(60.0));
            assert!(matches!(run, RunEnd::Finished { .. }), "{run:?}");
            let counted = usage.cpu.unwrap();
            assert!(counted * 2 >= alone, "{counted:?} of {alone:?}");
        }
    }

    #[test]
    fn peak_memory_is_the_largest_resident_set() {
        // dd holds its 100 MB buffer for a second, blocked on a pipe `sleep` never reads: seen
        // while it runs, whatever the test process holds (the figure after the run, which
        // Linux inflates by the parent's memory, is checked through the binary, in
        // tests/judge_processes.rs).
        // (On Linux, whose figure is checked, `iflag=fullblock`: a read of /dev/zero may
        // return short when the machine is busy, leaving part of the buffer untouched.)
        let hold = match cfg!(target_os = "linux") {
            true => "dd if=/dev/zero bs=100000000 count=1 iflag=fullblock 2>/dev/null | sleep 1",
            false => "dd if=/dev/zero bs=100000000 count=1 2>/dev/null | sleep 1",
        };
        let (run, usage) = run_shell(hold, &limits(30.0));
        assert!(matches!(run, RunEnd::Finished { .. }), "{run:?}");
        if cfg!(target_os = "linux") {
            let peak = usage.peak_memory.measured().unwrap();
            assert!(peak >= 100_000_000, "{usage:?}");
        }
    }

    /// Linux counts what knight-moves holds when it starts a candidate in the candidate's
    /// peak (at exec, the memory left behind is the parent's copy): a knight-moves of 300 MB
    /// judging a small program under a limit of 50 MB must not call it over the limit.
    #[cfg(target_os = "linux")] // the inherited peak is Linux's
    #[test]
    fn knight_moves_own_memory_is_not_the_candidate_s() {
        let _one = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
        // Touched, so it is resident; freed (unmapped) when the test ends.
        let held = vec![1u8; 300_000_000];
        let mut limited = limits(10.0);
        limited.memory_bytes = Some(50_000_000);
        // The other unit tests run on threads of this same process: one that allocates between
        // the look at this process's peak and the fork raises what `cat` inherits past what was
        // seen, so a few tries are allowed; were the held memory counted, every try would fail.
        let mut tries = Vec::new();
        for _ in 0..5 {
            let (run, usage) = run_shell_now("cat", &limited);
            assert!(matches!(run, RunEnd::Finished { .. }), "{run:?} {usage:?}");
            let small = usage
                .peak_memory
                .measured()
                .is_none_or(|peak| peak < 50_000_000);
            tries.push(usage);
            if small {
                break;
            }
        }
        let last = tries.last().unwrap();
        assert!(
            last.peak_memory
                .measured()
                .is_none_or(|peak| peak < 50_000_000),
            "{tries:?}"
        );
        // The figure is not simply dropped: a candidate above what knight-moves holds has it.
        // (`iflag=fullblock`: a read of /dev/zero may return short when the machine is busy,
        // leaving part of the buffer untouched.) Tried a few times, for the same reason as
        // above: another test's memory, held meanwhile, is counted in what `dd` inherits.
        let mut tries = Vec::new();
        for _ in 0..5 {
            let (run, usage) = run_shell_now(
                "dd if=/dev/zero bs=409715200 count=1 iflag=fullblock of=/dev/null 2>&1",
                &limits(10.0),
            );
            assert!(matches!(run, RunEnd::Finished { .. }), "{run:?}");
            let seen = usage.peak_memory.measured().unwrap_or(0) >= 400_000_000;
            tries.push(usage);
            if seen {
                break;
            }
        }
        let last = tries.last().unwrap();
        assert!(
            last.peak_memory.measured().unwrap_or(0) >= 400_000_000,
            "{tries:?}"
        );
        drop(held);
    }

    #[cfg(target_os = "linux")] // memory is watched while a program runs on Linux only
    #[test]
    fn memory_past_the_limit_while_running_is_judged_so() {
        let mut limited = limits(10.0);
        limited.memory_bytes = Some(50_000_000);
        // dd holds its 200 MB buffer, blocked on a pipe nobody reads: only watching sees it,
        // and stops it before the time limit (else the run would have timed out).
        let (run, _) = run_shell("dd if=/dev/zero bs=209715200 count=1 | sleep 30", &limited);
        assert!(matches!(run, RunEnd::MemoryLimitExceeded), "{run:?}");
    }

    /// Memory held for an instant, between two looks, is judged by the peak after the run:
    /// through the binary, whose own memory is small (tests/judge_processes.rs), since this
    /// test process's may be more than the candidate's.
    #[test]
    fn a_program_within_the_memory_limit_passes() {
        let mut limited = limits(10.0);
        limited.memory_bytes = Some(50_000_000);
        let (run, _) = run_shell("cat", &limited);
        assert!(matches!(run, RunEnd::Finished { .. }), "{run:?}");
    }
}
