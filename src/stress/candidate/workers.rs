//! Running candidates in parallel (`stress --jobs N`): each case runs in a *worker*, a second
//! knight-moves process that runs one candidate at a time exactly as a lone knight-moves does
//! ([`Candidate::run`]), and says over a pipe how the run went.
//!
//! Why processes, not threads: what makes a run trustworthy is per process. On Linux the
//! process that starts a candidate is the subreaper of everything the candidate starts, and
//! after each case kills every process below itself; it counts the CPU time of the children it
//! reaped, and the memory of every process below it. Two candidates run by one process would
//! share all three, and a sweep after one case would kill the other. A worker is the one
//! process below which a case runs, so each case is swept, counted and measured alone, and its
//! figures are not inflated by the memory of the process that judges it (Linux counts a
//! parent's memory in a child's peak: a worker holds little).
//!
//! Nothing is left behind: knight-moves is the subreaper of its workers' orphans too; a case no
//! longer wanted is cancelled by SIGTERM to its worker, which kills what it runs and ends (on
//! Unix; elsewhere the case is left to end, within its time limit); a worker whose pipe closes
//! ends; and knight-moves sweeps every process below it once its workers have ended.
//!
//! Nothing holds the run either: a worker that has not answered within its case's time limit
//! and [`WORKER_GRACE`] more (the program stopped it, `kill -STOP $PPID`) is killed, and a
//! worker that ends before it answered (the program killed it) is told apart from a refusal of
//! the system's: either way the case is a judge failure that says so ([`RunError::Lost`]).
//!
//! The protocol, one request and its replies at a time, integers little-endian:
//! - request: `C`, the time limit in nanoseconds, the output limit in bytes, the memory limit
//!   in bytes (`u64::MAX`: none), the input's length and bytes;
//! - replies: `S` when the candidate has started, then `E` and how the run ended
//!   (see [`write_end`]).

use std::io::{self, BufReader, BufWriter, Read, Write};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use super::{
    Candidate, HELPER_STACK_BYTES, Limits, PeakMemory, RunEnd, RunError, STDERR_KEPT, Usage,
    describe,
};

/// The first word of a worker's command line, after the program's name, and the variable of
/// its environment, which the worker takes out of its program's: together what makes
/// knight-moves a worker ([`worker_command`]), so that a file of queries of that name is still
/// a file to the filter.
const WORKER_WORD: &str = "__stress-worker";
pub(super) const WORKER_VARIABLE: &str = "KNIGHT_MOVES_STRESS_WORKER";

/// How long past its case's time limit a worker may take to answer before knight-moves stops
/// waiting and kills it: the candidate's own limit is kept by the worker, which then needs
/// only milliseconds to reap, sweep and answer; a busy machine may add seconds.
const WORKER_GRACE: Duration = Duration::from_secs(10);

/// The most bytes a message of an error may take on the pipe (it is one line).
const MESSAGE_MOST: u64 = 4096;

/// The candidate's command (program and arguments) where `args` (the program's name first)
/// make knight-moves a worker; `None` for every other command line.
pub(crate) fn worker_command(args: &[std::ffi::OsString]) -> Option<Vec<String>> {
    let is_worker = args.get(1)?.to_str()? == WORKER_WORD
        && std::env::var_os(WORKER_VARIABLE).is_some_and(|value| value == "1");
    match is_worker {
        true => Some(
            args[2..]
                .iter()
                .map(|word| word.to_string_lossy().into_owned())
                .collect(),
        ),
        false => None,
    }
}

/// Serves as a worker: reads requests on standard input until it ends, runs the candidate
/// `command` on each, and writes the replies on standard output. Returns the exit status:
/// 0 when standard input ended, 2 on a broken pipe or a request it cannot read.
pub(crate) fn serve(command: &[String]) -> u8 {
    let Some((program, args)) = command.split_first() else {
        return 2;
    };
    let candidate = Candidate {
        program: program.clone(),
        args: args.to_vec(),
    };
    // Without it, Ctrl-C or a cancellation would leave the candidate's processes behind: each
    // case is refused as the lone knight-moves refuses it.
    let set_up = super::clean_up_on_signals().map_err(|error| match error {
        RunError::Refused { what, error } => (what, error.to_string()),
        other => ("a thread to clean up on signals".into(), other.to_string()),
    });
    let mut requests = BufReader::new(io::stdin().lock());
    let mut replies = BufWriter::new(io::stdout().lock());
    loop {
        let (input, limits) = match read_request(&mut requests) {
            Ok(Some(request)) => request,
            Ok(None) => return 0,
            Err(_) => return 2,
        };
        let ended = match &set_up {
            Err((what, why)) => Err(RunError::Refused {
                what: what.clone(),
                error: io::Error::other(why.clone()),
            }),
            Ok(()) => candidate.run(&input, &limits, || {
                let _ = replies.write_all(b"S").and_then(|()| replies.flush());
            }),
        };
        let written = write_end(&mut replies, &ended).and_then(|()| replies.flush());
        if written.is_err() {
            return 2;
        }
    }
}

/// What a worker said of a case: that its candidate started, or how its run ended.
#[derive(Debug)]
pub(crate) enum Event {
    Started,
    Ended(u64, Result<(RunEnd, Usage), RunError>),
}

/// One case for a worker: its number, its input, its limits.
struct Job {
    number: u64,
    input: Vec<u8>,
    limits: Limits,
}

/// A worker, as knight-moves holds it: the channel to its thread, the case it runs.
struct Slot {
    jobs: Option<Sender<Job>>,
    /// The case it runs, if any, and when it must have answered by.
    running: Option<(u64, Instant)>,
    /// Whether it was killed for not answering by then.
    overran: bool,
    /// Whether it was told to stop, or its pipe closed: it takes no more cases.
    is_ending: bool,
    process: Arc<Mutex<WorkerProcess>>,
    thread: Option<thread::JoinHandle<()>>,
}

/// A worker's process id, and whether it was reaped (after which the id may be another's).
struct WorkerProcess {
    id: u32,
    is_reaped: bool,
}

/// The workers of one stress run: at most `most`, started as cases need them.
pub(crate) struct Workers {
    candidate: Candidate,
    most: usize,
    slots: Vec<Slot>,
    events: Receiver<(usize, Event)>,
    event_sender: Sender<(usize, Event)>,
}

impl Workers {
    /// Workers for `candidate`, at most `most` at once (at least one).
    pub(crate) fn new(candidate: Candidate, most: usize) -> Workers {
        #[cfg(target_os = "linux")]
        super::process_tree::become_subreaper();
        let (event_sender, events) = mpsc::channel();
        Workers {
            candidate,
            most: most.max(1),
            slots: Vec::new(),
            events,
            event_sender,
        }
    }

    /// Whether a case is running.
    pub(crate) fn is_running(&self) -> bool {
        self.slots.iter().any(|slot| slot.running.is_some())
    }

    /// Starts case `number` on a free worker, starting one if fewer than the most run;
    /// `Ok(false)` when every worker is busy. An error says why no worker could be had, when
    /// none runs at all: with one running, the cases wait for it instead.
    pub(crate) fn start(
        &mut self,
        number: u64,
        input: &[u8],
        limits: Limits,
    ) -> Result<bool, RunError> {
        let free = self
            .slots
            .iter()
            .position(|slot| slot.running.is_none() && !slot.is_ending);
        let index = match free {
            Some(index) => index,
            None if self.live() < self.most => match self.start_worker() {
                Ok(index) => index,
                Err(_) if self.live() > 0 => return Ok(false),
                Err(error) => return Err(error),
            },
            None => return Ok(false),
        };
        let slot = &mut self.slots[index];
        let job = Job {
            number,
            input: input.to_vec(),
            limits,
        };
        let sent = slot
            .jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(job).is_ok());
        match sent {
            true => {
                slot.running = Some((number, Instant::now() + limits.time + WORKER_GRACE));
                Ok(true)
            }
            // Its thread has ended (its pipe closed): it takes no more cases.
            false => {
                slot.is_ending = true;
                self.start(number, input, limits)
            }
        }
    }

    /// The next event of a running case, waiting for it. `None` when no case runs. A worker
    /// that has not answered by its case's deadline is killed meanwhile, and its case ends
    /// lost ([`RunError::Lost`]).
    pub(crate) fn next_event(&mut self) -> Option<Event> {
        loop {
            let deadline = self
                .slots
                .iter()
                .filter(|slot| !slot.overran)
                .filter_map(|slot| slot.running.map(|(_, deadline)| deadline))
                .min();
            if !self.is_running() {
                return None;
            }
            // We hold a sender: the channel cannot close while we wait.
            let received = match deadline {
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    self.events.recv_timeout(left).ok()
                }
                None => self.events.recv().ok(),
            };
            let Some((index, mut event)) = received else {
                self.kill_the_overdue();
                continue;
            };
            let slot = &mut self.slots[index];
            if let Event::Ended(number, ended) = &mut event {
                if slot.running.is_some_and(|(running, _)| running == *number) {
                    slot.running = None;
                }
                if ended.is_err() {
                    slot.is_ending = true;
                }
                if slot.overran && matches!(ended, Err(RunError::Lost(_))) {
                    *ended = Err(RunError::Lost(
                        "the process that ran the case did not answer within the time limit \
                         and 10 s more, and was killed (the program may have stopped it, its \
                         parent)"
                            .to_owned(),
                    ));
                }
            }
            return Some(event);
        }
    }

    /// Kills every worker past its case's deadline (SIGKILL, which a stopped process takes
    /// too); the end of its pipe then ends its case.
    fn kill_the_overdue(&mut self) {
        let now = Instant::now();
        for slot in &mut self.slots {
            if !slot.overran && slot.running.is_some_and(|(_, deadline)| deadline <= now) {
                slot.overran = true;
                slot.is_ending = true;
                signal(&slot.process, Signal::Kill);
            }
        }
    }

    /// Stops every running case numbered above `number` (whose result is no longer wanted):
    /// their workers are told to end, killing what they run (on Unix; elsewhere the cases end
    /// within their time limits). Their last events still come, and say they ended.
    pub(crate) fn cancel_above(&mut self, number: u64) {
        for slot in &mut self.slots {
            if slot.running.is_some_and(|(running, _)| running > number) {
                slot.is_ending = true;
                signal(&slot.process, Signal::Terminate);
            }
        }
    }

    /// Whether several cases may run at once.
    pub(crate) fn runs_several(&self) -> bool {
        self.most > 1
    }

    /// From now on, one case at a time.
    pub(crate) fn one_at_a_time(&mut self) {
        self.most = 1;
    }

    /// Ends every worker but one free one, and waits for them: a case started then runs as it
    /// would with one job, nothing of the others' left on the machine (their processes count
    /// in the user's `ulimit -u`). Called when no case runs.
    pub(crate) fn keep_one(&mut self) {
        let kept = self
            .slots
            .iter()
            .position(|slot| slot.running.is_none() && !slot.is_ending);
        for (index, slot) in self.slots.iter_mut().enumerate() {
            if Some(index) != kept {
                slot.is_ending = true;
                slot.jobs = None;
                if let Some(thread) = slot.thread.take() {
                    let _ = thread.join();
                }
            }
        }
        let kept: Vec<u32> = kept
            .map(|index| self.slots[index].process.lock())
            .into_iter()
            .map(|process| process.unwrap_or_else(PoisonError::into_inner).id)
            .collect();
        super::process::sweep_strays(&kept);
    }

    /// How many workers run or may take cases.
    fn live(&self) -> usize {
        self.slots.iter().filter(|slot| !slot.is_ending).count()
    }

    /// Starts a worker and the thread that speaks with it; its index among the slots.
    fn start_worker(&mut self) -> Result<usize, RunError> {
        let exe = std::env::current_exe().map_err(RunError::refused(
            "the path of knight-moves itself, to run the program's cases",
        ))?;
        let mut command = Command::new(exe);
        command
            .arg(WORKER_WORD)
            .arg(&self.candidate.program)
            .args(&self.candidate.args)
            .env(WORKER_VARIABLE, "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let mut child = command
            .spawn()
            .map_err(RunError::refused("a process to run the program's cases"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(RunError::Refused {
                what: "the pipes of a process to run the program's cases".into(),
                error: io::Error::other("they were not made"),
            });
        };
        let process = Arc::new(Mutex::new(WorkerProcess {
            id: child.id(),
            is_reaped: false,
        }));
        let (jobs, job_receiver) = mpsc::channel::<Job>();
        let index = self.slots.len();
        let events = self.event_sender.clone();
        let reaped = Arc::clone(&process);
        let speak = move || {
            let lost = speak_with(stdin, stdout, &job_receiver, |event| {
                let _ = events.send((index, event));
            });
            // Its pipes are closed: it ends (or has ended). Reaped under the lock, so that no
            // signal is sent to its id once another process may have it.
            let mut process = reaped.lock().unwrap_or_else(PoisonError::into_inner);
            let status = child.wait();
            process.is_reaped = true;
            drop(process);
            // It ended while it ran a case, before it said how the run went.
            if let Some(number) = lost {
                let how = status.map_or_else(|error| error.to_string(), describe);
                let why = format!(
                    "the process that ran the case ended ({how}) before it said how the \
                     program's run went (the program may have ended it, its parent)"
                );
                let _ = events.send((index, Event::Ended(number, Err(RunError::Lost(why)))));
            }
        };
        let thread = thread::Builder::new()
            .name("a thread to speak with a worker".to_owned())
            .stack_size(HELPER_STACK_BYTES)
            .spawn(speak);
        let thread = match thread {
            Ok(thread) => thread,
            Err(error) => {
                // The closure, dropped, closed the worker's pipes: it ends by itself.
                return Err(RunError::Refused {
                    what: "a thread to speak with a process that runs the program's cases".into(),
                    error,
                });
            }
        };
        self.slots.push(Slot {
            jobs: Some(jobs),
            running: None,
            overran: false,
            is_ending: false,
            process,
            thread: Some(thread),
        });
        Ok(index)
    }
}

impl Drop for Workers {
    /// Ends every worker: a busy one told to end at once, the others when their pipe closes;
    /// waits for them all, then kills whatever is left below knight-moves.
    fn drop(&mut self) {
        for slot in &mut self.slots {
            if slot.running.is_some() {
                signal(&slot.process, Signal::Terminate);
            }
            slot.jobs = None;
        }
        for slot in &mut self.slots {
            if let Some(thread) = slot.thread.take() {
                let _ = thread.join();
            }
        }
        super::process::sweep_descendants();
    }
}

/// What a worker is told.
#[derive(Clone, Copy)]
enum Signal {
    /// To end (SIGTERM): it kills what it runs, then ends.
    Terminate,
    /// To end now (SIGKILL): for one that does not answer, which may be stopped; what it ran
    /// is left to knight-moves, its subreaper, to sweep.
    Kill,
}

/// Sends `signal` to a worker, unless it was reaped. Elsewhere than Unix, nothing: its case
/// ends within its time limit.
fn signal(process: &Mutex<WorkerProcess>, signal: Signal) {
    #[cfg(unix)]
    {
        let number = match signal {
            Signal::Terminate => libc::SIGTERM,
            Signal::Kill => libc::SIGKILL,
        };
        let process = process.lock().unwrap_or_else(PoisonError::into_inner);
        if !process.is_reaped {
            // SAFETY: kill takes plain integers and touches no memory of this process. The id
            // is our child's, not reaped (checked under the lock its reaper holds), so it
            // names no other process.
            unsafe {
                libc::kill(process.id as libc::pid_t, number);
            }
        }
    }
    #[cfg(not(unix))]
    let _ = (process, signal);
}

/// The worker's side of the conversation, as its thread in knight-moves holds it: each job
/// written as a request, its replies read back and handed to `tell`, until the jobs end
/// (`None`) or the worker's pipe closes while it runs one: that job's number, whose end the
/// caller tells once it knows how the worker ended.
fn speak_with(
    stdin: ChildStdin,
    stdout: ChildStdout,
    jobs: &Receiver<Job>,
    mut tell: impl FnMut(Event),
) -> Option<u64> {
    let mut requests = BufWriter::new(stdin);
    let mut replies = BufReader::new(stdout);
    while let Ok(job) = jobs.recv() {
        let number = job.number;
        let spoken = write_request(&mut requests, &job.input, &job.limits)
            .and_then(|()| requests.flush())
            .and_then(|()| {
                loop {
                    match read_u8(&mut replies)? {
                        b'S' => tell(Event::Started),
                        b'E' => return read_end(&mut replies, &job.limits),
                        _ => return Err(garbled()),
                    }
                }
            });
        match spoken {
            Ok(ended) => tell(Event::Ended(number, ended)),
            Err(_) => return Some(number),
        }
    }
    None
}

fn garbled() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "it said what cannot be read")
}

fn write_u64(out: &mut impl Write, value: u64) -> io::Result<()> {
    out.write_all(&value.to_le_bytes())
}

fn read_u8(input: &mut impl Read) -> io::Result<u8> {
    let mut byte = [0];
    input.read_exact(&mut byte)?;
    Ok(byte[0])
}

fn read_u64(input: &mut impl Read) -> io::Result<u64> {
    let mut bytes = [0; 8];
    input.read_exact(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

fn write_bytes(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    write_u64(out, bytes.len() as u64)?;
    out.write_all(bytes)
}

/// Bytes written by [`write_bytes`], refused past `most`: nothing is allocated by what the
/// pipe claims, only by what it brings.
fn read_bytes(input: &mut impl Read, most: u64) -> io::Result<Vec<u8>> {
    let length = read_u64(input)?;
    if length > most {
        return Err(garbled());
    }
    let mut bytes = Vec::new();
    input.take(length).read_to_end(&mut bytes)?;
    match bytes.len() as u64 == length {
        true => Ok(bytes),
        false => Err(io::ErrorKind::UnexpectedEof.into()),
    }
}

/// A duration in nanoseconds, as the pipe carries it (`u64::MAX`: more than 500 years).
fn nanoseconds(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

fn write_request(out: &mut impl Write, input: &[u8], limits: &Limits) -> io::Result<()> {
    out.write_all(b"C")?;
    write_u64(out, nanoseconds(limits.time))?;
    write_u64(out, limits.output_bytes as u64)?;
    write_u64(out, limits.memory_bytes.unwrap_or(u64::MAX))?;
    write_bytes(out, input)
}

/// A request, or `None` where the input ended before one.
fn read_request(input: &mut impl Read) -> io::Result<Option<(Vec<u8>, Limits)>> {
    let mut tag = [0];
    if input.read(&mut tag)? == 0 {
        return Ok(None);
    }
    if tag[0] != b'C' {
        return Err(garbled());
    }
    let time = Duration::from_nanos(read_u64(input)?);
    let output_bytes = usize::try_from(read_u64(input)?).map_err(|_| garbled())?;
    let memory_bytes = Some(read_u64(input)?).filter(|&bytes| bytes != u64::MAX);
    // The input is knight-moves' own, from its generator: any length it sends.
    let input = read_bytes(input, u64::MAX)?;
    let limits = Limits {
        time,
        output_bytes,
        memory_bytes,
    };
    Ok(Some((input, limits)))
}

/// How a run ended, after `E`: one byte for how (0 finished, 1 timed out, 2 past the output
/// limit, 3 past the memory limit, 4 the program could not be started, 5 a refusal, 6 lost);
/// for a
/// run, the wall time, the CPU time (`u64::MAX`: unknown) and the peak memory (a byte for
/// unknown, a bound or measured, and the bytes); for a finished one, its raw exit status and
/// its output and standard error; for an error, what was refused, the system's error number
/// (`u64::MAX`: none) and its message.
fn write_end(out: &mut impl Write, ended: &Result<(RunEnd, Usage), RunError>) -> io::Result<()> {
    match ended {
        Ok((end, usage)) => {
            let how = match end {
                RunEnd::Finished { .. } => 0,
                RunEnd::TimedOut => 1,
                RunEnd::OutputLimitExceeded => 2,
                RunEnd::MemoryLimitExceeded => 3,
            };
            out.write_all(&[b'E', how])?;
            write_u64(out, nanoseconds(usage.wall))?;
            write_u64(out, usage.cpu.map_or(u64::MAX, nanoseconds))?;
            let (kind, bytes) = match usage.peak_memory {
                PeakMemory::Unknown => (0, 0),
                PeakMemory::AtMost(bytes) => (1, bytes),
                PeakMemory::Measured(bytes) => (2, bytes),
            };
            out.write_all(&[kind])?;
            write_u64(out, bytes)?;
            if let RunEnd::Finished {
                status,
                stdout,
                stderr,
            } = end
            {
                write_u64(out, raw_status(*status))?;
                write_bytes(out, stdout)?;
                write_bytes(out, stderr)?;
            }
            Ok(())
        }
        Err(error) => {
            let (how, what, code, message) = match error {
                RunError::Program(error) => (4, "", error.raw_os_error(), error.to_string()),
                RunError::Refused { what, error } => {
                    (5, what.as_ref(), error.raw_os_error(), error.to_string())
                }
                RunError::Lost(why) => (6, "", None, why.clone()),
            };
            out.write_all(&[b'E', how])?;
            write_bytes(out, what.as_bytes())?;
            write_u64(out, code.map_or(u64::MAX, |code| code as u64))?;
            write_bytes(out, message.as_bytes())
        }
    }
}

/// How a run ended, as [`write_end`] wrote it after `E`. `limits` are the run's: its output
/// is never more than one byte past them.
fn read_end(
    input: &mut impl Read,
    limits: &Limits,
) -> io::Result<Result<(RunEnd, Usage), RunError>> {
    let how = read_u8(input)?;
    if how >= 4 {
        let what = String::from_utf8_lossy(&read_bytes(input, MESSAGE_MOST)?).into_owned();
        let code = read_u64(input)?;
        let message = String::from_utf8_lossy(&read_bytes(input, MESSAGE_MOST)?).into_owned();
        if how == 6 {
            return Ok(Err(RunError::Lost(message)));
        }
        // The system's own error where it has a number: the same words, the same kind.
        let error = match i32::try_from(code) {
            Ok(code) => io::Error::from_raw_os_error(code),
            Err(_) => io::Error::other(message),
        };
        return Ok(Err(match how {
            4 => RunError::Program(error),
            _ => RunError::Refused {
                what: what.into(),
                error,
            },
        }));
    }
    let wall = Duration::from_nanos(read_u64(input)?);
    let cpu = Some(read_u64(input)?)
        .filter(|&nanos| nanos != u64::MAX)
        .map(Duration::from_nanos);
    let kind = read_u8(input)?;
    let bytes = read_u64(input)?;
    let peak_memory = match kind {
        0 => PeakMemory::Unknown,
        1 => PeakMemory::AtMost(bytes),
        2 => PeakMemory::Measured(bytes),
        _ => return Err(garbled()),
    };
    let usage = Usage {
        wall,
        cpu,
        peak_memory,
    };
    let end = match how {
        0 => RunEnd::Finished {
            status: status_from_raw(read_u64(input)?),
            stdout: read_bytes(input, limits.output_bytes as u64 + 1)?,
            stderr: read_bytes(input, STDERR_KEPT as u64)?,
        },
        1 => RunEnd::TimedOut,
        2 => RunEnd::OutputLimitExceeded,
        _ => RunEnd::MemoryLimitExceeded,
    };
    Ok(Ok((end, usage)))
}

/// An exit status as the system has it, for the pipe.
fn raw_status(status: std::process::ExitStatus) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        status.into_raw() as u32 as u64
    }
    #[cfg(windows)]
    {
        use std::os::windows::process::ExitStatusExt;
        u64::from(status.code().unwrap_or(1) as u32)
    }
}

/// An exit status from [`raw_status`]'s number.
fn status_from_raw(raw: u64) -> std::process::ExitStatus {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        std::process::ExitStatus::from_raw(raw as u32 as i32)
    }
    #[cfg(windows)]
    {
        use std::os::windows::process::ExitStatusExt;
        std::process::ExitStatus::from_raw(raw as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            time: Duration::from_millis(1500),
            output_bytes: 100,
            memory_bytes: Some(7),
        }
    }

    /// A request and every kind of reply read back as written.
    #[test]
    fn what_is_written_on_the_pipe_is_read_back() {
        let mut pipe = Vec::new();
        write_request(&mut pipe, b"a1 b2\n", &limits()).unwrap();
        let (input, read) = read_request(&mut pipe.as_slice()).unwrap().unwrap();
        assert_eq!(input, b"a1 b2\n");
        assert_eq!(
            (read.time, read.output_bytes, read.memory_bytes),
            (Duration::from_millis(1500), 100, Some(7))
        );
        assert!(read_request(&mut &b""[..]).unwrap().is_none());

        let usage = Usage {
            wall: Duration::from_micros(2500),
            cpu: None,
            peak_memory: PeakMemory::AtMost(4_000_000),
        };
        #[cfg(unix)]
        let status = {
            use std::os::unix::process::ExitStatusExt;
            std::process::ExitStatus::from_raw(3 << 8)
        };
        #[cfg(windows)]
        let status = {
            use std::os::windows::process::ExitStatusExt;
            std::process::ExitStatus::from_raw(3)
        };
        let ends = [
            Ok((
                RunEnd::Finished {
                    status,
                    stdout: b"out".to_vec(),
                    stderr: b"err".to_vec(),
                },
                usage,
            )),
            Ok((RunEnd::TimedOut, usage)),
            Err(RunError::Program(io::Error::from_raw_os_error(2))),
            Err(RunError::Refused {
                what: "a thread".into(),
                error: io::Error::from_raw_os_error(11),
            }),
        ];
        for ended in ends {
            let mut pipe = Vec::new();
            write_end(&mut pipe, &ended).unwrap();
            assert_eq!(pipe[0], b'E');
            let read = read_end(&mut &pipe[1..], &limits()).unwrap();
            match (&read, &ended) {
                (Ok(read), Ok(written)) => assert_eq!(format!("{read:?}"), format!("{written:?}")),
                // The same words; the system's own error where it has a number.
                (Err(read), Err(written)) => {
                    assert_eq!(read.to_string(), written.to_string());
                    assert_eq!(
                        std::mem::discriminant(read),
                        std::mem::discriminant(written)
                    );
                }
                _ => panic!("{read:?} for {ended:?}"),
            }
        }
    }

    /// A length past what may come is refused before anything is allocated for it.
    #[test]
    fn a_length_past_the_most_is_refused() {
        let mut pipe = Vec::new();
        write_bytes(&mut pipe, &[0; 10]).unwrap();
        assert!(read_bytes(&mut pipe.as_slice(), 9).is_err());
        assert_eq!(read_bytes(&mut pipe.as_slice(), 10).unwrap(), [0; 10]);
        let claim = u64::MAX.to_le_bytes();
        assert!(read_bytes(&mut &claim[..], u64::MAX).is_err());
    }
}
