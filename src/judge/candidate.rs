//! Running a candidate program on one input: its standard input written from a thread (so a
//! program that does not read cannot stall knight-moves), its output read with a limit, its run
//! timed against a limit, and the program, with any process it started, killed when it is
//! stopped, when knight-moves is interrupted (Ctrl-C), and when the run ends any other way.
//!
//! On Unix each candidate runs in a process group of its own, and is stopped by killing the
//! whole group: a shell script's children die with it. The group's id is kept where the Ctrl-C
//! handler finds it.

use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// The process group of the candidate running now, 0 when none is.
static RUNNING_GROUP: AtomicI32 = AtomicI32::new(0);

/// How a run ended.
#[derive(Debug)]
pub(crate) enum Run {
    /// The program ended by itself within the limits.
    Finished {
        status: ExitStatus,
        stdout: Vec<u8>,
        /// The start of its standard error.
        stderr: Vec<u8>,
    },
    /// It was still running at the time limit.
    TimedOut,
    /// It wrote more than the output limit.
    OutputLimitExceeded,
    /// Its memory went past the memory limit.
    #[allow(dead_code)] // until the memory watch lands
    MemoryLimitExceeded,
}

/// What a run may use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub time: Duration,
    pub output_bytes: usize,
    #[allow(dead_code)] // until the memory watch lands
    pub memory_bytes: Option<u64>,
}

/// What a run used.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Usage {
    pub wall: Duration,
    pub cpu: Option<Duration>,
    pub peak_memory_bytes: Option<u64>,
}

/// The most of a candidate's standard error kept to show.
const STDERR_KEPT: usize = 4096;

/// A program to run, as `--stress` names it.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub program: String,
    pub args: Vec<String>,
}

impl Candidate {
    /// Runs the program on `input`, stopping it at `time_limit` or once it has written more
    /// than `output_limit` bytes; says how it went, and how long it took.
    pub(crate) fn run(&self, input: &[u8], limits: &Limits) -> io::Result<(Run, Usage)> {
        let (time_limit, output_limit) = (limits.time, limits.output_bytes);
        let mut command = Command::new(&self.program);
        command
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let start = Instant::now();
        let child = command.spawn()?;
        let mut running = Running::new(child);
        let child = &mut running.child;
        let mut stdin = child.stdin.take().expect("piped");
        let input = input.to_vec();
        // Written from a thread: a program that does not read its input, or reads it slowly,
        // must not stop knight-moves from timing it. A closed pipe is the program's business.
        let writer = thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let stdout = child.stdout.take().expect("piped");
        let reader = thread::spawn(move || read_at_most(stdout, output_limit + 1));
        let stderr = child.stderr.take().expect("piped");
        // Read to its end, keeping the start: a program that logs much must not be stopped by
        // a pipe nobody reads (it would die of SIGPIPE and look like a crash).
        let errors = thread::spawn(move || keep_start(stderr, STDERR_KEPT));
        let mut finished = None;
        let deadline = start + time_limit;
        while finished.is_none() {
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            // In short slices, so that a program pouring out output is stopped soon after it
            // passes the limit, not only at the time limit.
            let slice = (deadline - now).min(Duration::from_millis(20));
            finished = running.child.wait_timeout(slice)?;
            if finished.is_none() && reader.is_finished() {
                break; // it stopped reading: the output limit was passed
            }
        }
        let elapsed = start.elapsed();
        if finished.is_none() {
            running.kill();
        }
        let stdout = reader.join().unwrap_or_else(|_| Ok(Vec::new()))?;
        let stderr = errors.join().unwrap_or_default();
        let _ = writer.join();
        let run = match finished {
            _ if stdout.len() > output_limit => Run::OutputLimitExceeded,
            None => Run::TimedOut,
            Some(status) => Run::Finished {
                status,
                stdout,
                stderr,
            },
        };
        let usage = Usage {
            wall: elapsed,
            ..Usage::default()
        };
        Ok((run, usage))
    }
}

/// Reads `reader` to its end, keeping at most `most` bytes; stops reading (and so makes the
/// writer's pipe fill up) once it has them.
fn read_at_most(reader: impl Read, most: usize) -> io::Result<Vec<u8>> {
    let mut kept = Vec::new();
    reader.take(most as u64).read_to_end(&mut kept)?;
    Ok(kept)
}

/// Reads `reader` to its end and keeps its first `kept` bytes.
fn keep_start(mut reader: impl Read, kept: usize) -> Vec<u8> {
    let mut start = Vec::new();
    let mut chunk = [0; 8192];
    loop {
        match reader.read(&mut chunk) {
            Ok(0) | Err(_) => return start,
            Ok(read) => {
                let room = kept.saturating_sub(start.len());
                start.extend_from_slice(&chunk[..read.min(room)]);
            }
        }
    }
}

/// A running candidate, killed (with its process group) when dropped unless it has ended.
struct Running {
    child: Child,
}

impl Running {
    fn new(child: Child) -> Running {
        RUNNING_GROUP.store(child.id() as i32, Ordering::SeqCst);
        Running { child }
    }

    /// Kills the candidate and every process in its group, and reaps it.
    fn kill(&mut self) {
        kill_group(self.child.id() as i32);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // Whatever ended the run, no process of the candidate's outlives it: the group is
        // killed even when the program itself has ended, for any child it left behind.
        kill_group(self.child.id() as i32);
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        RUNNING_GROUP.store(0, Ordering::SeqCst);
    }
}

/// Kills the process group `group` (on Unix; elsewhere the candidate alone is killed).
#[cfg_attr(not(unix), allow(unused_variables))]
fn kill_group(group: i32) {
    #[cfg(unix)]
    if group > 0 {
        // SAFETY: kill takes plain integers and touches no memory of this process. The group
        // is the candidate's own, made for it by `process_group(0)` at spawn; its id is the
        // candidate's pid, which cannot be reused before the candidate is reaped, so no other
        // group is hit. A group already gone is an error we ignore.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
}

/// Makes Ctrl-C kill the running candidate's group before knight-moves ends (with the status a
/// shell gives a program ended by SIGINT). Called once, before the first candidate runs.
pub(crate) fn clean_up_on_signals() {
    let _ = ctrlc::set_handler(|| {
        kill_group(RUNNING_GROUP.load(Ordering::SeqCst));
        std::process::exit(130);
    });
}
