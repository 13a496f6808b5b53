//! Helpers shared by the integration tests: running the real binary, the library's searches
//! through one shared searcher, the oracle of distances written apart from the engines,
//! and the checks of a route.

#![allow(dead_code)] // each test file uses its own part of this

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use knight_moves::{Board, Engine, Outcome, Piece, Position, Query, SearchError, Searcher};

/// Enough expanded squares for any search the tests make on purpose.
pub const ENOUGH: u64 = 10_000_000;

thread_local! {
    /// One searcher for every search a test makes, as the program keeps one for all its
    /// queries: so every test of the engines also checks that no search is changed by the
    /// searches before it, on the same board or another.
    static SEARCHER: RefCell<Searcher> = RefCell::new(Searcher::with_max_nodes(ENOUGH));
}

/// One search by `engine` in the test thread's shared searcher; when `route` is given, a
/// search for the route first, into `route` (emptied when there is none).
pub fn search(
    engine: Engine,
    board: Board,
    from: Position,
    to: Position,
    route: Option<&mut Vec<Position>>,
) -> Result<Outcome, SearchError> {
    SEARCHER.with_borrow_mut(|searcher| {
        let query = Query::knight(board, from, to);
        if let Some(route) = route {
            route.clear();
            if let Some(found) = searcher.route(engine, query)? {
                route.extend_from_slice(found);
            }
        }
        searcher.search(engine, query)
    })
}

/// [`search`], which must answer.
pub fn run(
    engine: Engine,
    board: Board,
    from: Position,
    to: Position,
    route: Option<&mut Vec<Position>>,
) -> Outcome {
    search(engine, board, from, to, route).unwrap_or_else(|error| panic!("{engine}: {error}"))
}

/// Calls `check` on each of `items`, handed out one at a time to as many threads as the machine
/// runs at once, each with a searcher of its own made by `new_searcher` and kept from item to
/// item (as the program keeps one): a long sweep keeps every core busy, even left last by the
/// other tests.
pub fn on_every_thread<T: Sync>(
    items: &[T],
    new_searcher: impl Fn() -> Searcher + Sync,
    check: impl Fn(&mut Searcher, &T) + Sync,
) {
    let threads = thread::available_parallelism().map_or(1, usize::from);
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut searcher = new_searcher();
                while let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
                    check(&mut searcher, item);
                }
            });
        }
    });
}

/// Whether two squares are one knight move apart.
pub fn is_knight_move(a: Position, b: Position) -> bool {
    let df = (i64::from(a.file) - i64::from(b.file)).abs();
    let dr = (i64::from(a.rank) - i64::from(b.rank)).abs();
    matches!((df, dr), (1, 2) | (2, 1))
}

/// Whether two squares named like `e2` (on 8×8, either case) are one knight move apart.
pub fn is_knight_move_between(from: &str, to: &str) -> bool {
    let square = |name: &str| {
        Board::STANDARD
            .parse_square(name.as_bytes())
            .expect("a square")
    };
    is_knight_move(square(from), square(to))
}

/// Checks that `route` is a knight route on `board` from `from` to `to` in `moves` moves.
pub fn assert_route(
    board: Board,
    route: &[Position],
    from: Position,
    to: Position,
    moves: u64,
    context: &str,
) {
    assert_eq!(route.len() as u64, moves + 1, "{context}: {route:?}");
    assert_eq!(route.first(), Some(&from), "{context}");
    assert_eq!(route.last(), Some(&to), "{context}");
    for step in route.windows(2) {
        assert!(is_knight_move(step[0], step[1]), "{context}: {route:?}");
    }
    for square in route {
        let on_board = square.file < board.files() && square.rank < board.ranks();
        assert!(on_board, "{context}: {route:?}");
    }
}

/// The tests' random numbers: fastrand (the generator the unit tests in `src/` use too),
/// seeded, so that random cases are the same every run.
pub struct Random(fastrand::Rng);

impl Random {
    /// A generator whose numbers depend only on `seed`.
    pub fn seeded(seed: u64) -> Random {
        Random(fastrand::Rng::with_seed(seed))
    }

    /// A number below `bound`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.0.u64(..bound)
    }

    /// A number from `low` to `high`, both included.
    pub fn between(&mut self, low: u32, high: u32) -> u32 {
        self.0.u32(low..=high)
    }
}

/// The binary run with `KNIGHT_MOVES_ACCELERATOR` set to `off` or not, for tests that compare
/// the two ways.
pub fn knight_moves_with_accelerator(on: bool) -> assert_cmd::Command {
    let mut command = knight_moves();
    match on {
        true => command.env_remove("KNIGHT_MOVES_ACCELERATOR"),
        false => command.env("KNIGHT_MOVES_ACCELERATOR", "off"),
    };
    command
}

/// The built binary, started in `tests/data`, ready for arguments, stdin and assertions.
pub fn knight_moves() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_knight-moves"));
    command.current_dir(data_dir());
    command
}

/// The built binary as a plain process with piped stdin and stdout, for tests that talk to it
/// while it runs.
pub fn spawn_knight_moves(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_knight-moves"))
        .args(args)
        .current_dir(data_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// `tests/data`, where the sample files live; `run` starts the binary there.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// A folder for runs of `stress`, which saves a failing input in its current folder: cargo's
/// own for integration tests (under `target/`), never the repository's. Runs that save the
/// same name there get new names, never each other's file.
pub fn stress_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("stress");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The judge's answer for one pair.
pub fn sentence(from: &str, to: &str, moves: u32) -> String {
    format!("To get from {from} to {to} takes {moves} knight moves.\n")
}

/// All 64 square names, a1 b1 … h8.
pub fn square_names() -> Vec<String> {
    let mut names = Vec::new();
    for rank in 1..=8 {
        for file in 'a'..='h' {
            names.push(format!("{file}{rank}"));
        }
    }
    names
}

/// The tests' one oracle: every square's distance from one square, by the specification's
/// breadth-first search, which the engines' unit tests and `--draw` use too. It is the
/// library's, reached through its hidden `board` module, yet written apart from the engines it
/// checks: no engine calls it, and it makes its moves from the piece's legs over plain
/// coordinates, where the engines use `Board::neighbours`.
pub use knight_moves::board::plain_search::plain_distances;

/// The fewest knight moves between two 8×8 squares named like `e2`, by [`plain_distances`]:
/// the oracle for the exhaustive tests. The names are read here, not by the crate's parser,
/// which the exhaustive tests check.
pub fn oracle_moves(from: &str, to: &str) -> u32 {
    let square = |name: &str| {
        let bytes = name.as_bytes();
        Position::new(u32::from(bytes[0] - b'a'), u32::from(bytes[1] - b'1'))
    };
    let truth = plain_distances(Board::STANDARD, Piece::KNIGHT, square(from));
    let moves = truth
        .to(square(to))
        .expect("every square of 8x8 is reachable");
    moves as u32
}

/// Runs `shell_command` (in which `knight-moves` names the built binary) on a pseudo-terminal
/// through `script` from util-linux, typing `typed` into it, with `NO_COLOR` set to `no_color`
/// or unset; returns everything the terminal showed (with CRLF line ends, as terminals have).
#[cfg(target_os = "linux")]
pub fn on_a_terminal(shell_command: &str, typed: &[u8], no_color: Option<&str>) -> String {
    let binary = env!("CARGO_BIN_EXE_knight-moves");
    let shell_command = shell_command.replace("knight-moves", &format!("'{binary}'"));
    let mut command = Command::new("script");
    command
        .args(["-qec", &shell_command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    match no_color {
        Some(value) => command.env("NO_COLOR", value),
        None => command.env_remove("NO_COLOR"),
    };
    let mut child = command.spawn().expect("script(1) from util-linux runs");
    child.stdin.take().unwrap().write_all(typed).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// How long a test waits for the program to say something before calling it stuck.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// Reads one line from `reader` (the program's stdout or stderr) on another thread, so that a
/// program that holds its output back fails the test instead of hanging it.
pub fn read_line_within<R: Read + Send + 'static>(reader: BufReader<R>) -> (String, BufReader<R>) {
    read_line_in(reader, PATIENCE)
}

/// Writes each query to `stdin` and checks that the program answers it with `answer` before
/// the next is written (within the patience of [`read_line_within`]); returns the reader.
pub fn answers_each_in_turn<W: Write, R: Read + Send + 'static>(
    stdin: &mut W,
    mut reader: BufReader<R>,
    exchanges: &[(&str, &str)],
) -> BufReader<R> {
    for &(query, answer) in exchanges {
        stdin.write_all(query.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let (line, back) = read_line_within(reader);
        reader = back;
        assert_eq!(line, answer, "the answer to {query:?}");
    }
    reader
}

/// [`read_line_within`], waiting at most `patience`.
pub fn read_line_in<R: Read + Send + 'static>(
    reader: BufReader<R>,
    patience: Duration,
) -> (String, BufReader<R>) {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut reader = reader;
        let mut line = String::new();
        let result = reader.read_line(&mut line).map(|_| line);
        let _ = sender.send((result, reader));
    });
    let (line, reader) = receiver
        .recv_timeout(patience)
        .expect("the program writes its line in time");
    (line.expect("the pipe reads"), reader)
}

/// A figure of a running process's memory from Linux's /proc, in KiB: `VmHWM` for its peak,
/// `VmRSS` for now.
#[cfg(target_os = "linux")]
pub fn memory_kib(pid: u32, field: &str) -> u64 {
    memory_kib_while_alive(pid, field).unwrap_or_else(|| panic!("{field} of process {pid}"))
}

/// [`memory_kib`], or `None` once the process has ended (a zombie has no memory figures).
#[cfg(target_os = "linux")]
pub fn memory_kib_while_alive(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status
        .lines()
        .find(|line| line.starts_with(&format!("{field}:")))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Reads a running child's whole stdout, watching its peak memory as it goes; waits for it and
/// returns (bytes read, peak KiB, whether it succeeded).
#[cfg(target_os = "linux")]
pub fn read_all_watching_memory(child: &mut Child) -> (usize, u64, bool) {
    let pid = child.id();
    let mut stdout = child.stdout.take().expect("piped stdout");
    let (mut total, mut peak) = (0, 0);
    let mut chunk = vec![0; 1 << 16];
    loop {
        let read = stdout.read(&mut chunk).expect("stdout reads");
        if read == 0 {
            break;
        }
        total += read;
        if let Some(now) = memory_kib_while_alive(pid, "VmHWM") {
            peak = peak.max(now);
        }
    }
    let success = child.wait().expect("the child ends").success();
    (total, peak, success)
}

/// `stderr` with the system's own words for its errors (`: No such file or directory (os error
/// 2)`) replaced by `: <os error>`, where those words are not Linux's: Windows has other words
/// and other numbers for the same failure (`File not found. (os error 2)`, `Access denied. (os
/// error 5)` for a directory), which the program passes on as the system gives them. On Unix
/// the text is returned as it is, and compared byte for byte.
pub fn system_words_generalised(stderr: &str) -> String {
    if cfg!(unix) {
        return stderr.to_owned();
    }
    stderr
        .lines()
        .map(
            |line| match (line.rfind(" (os error "), line.ends_with(')')) {
                (Some(at), true) => {
                    let start = line[..at].rfind(": ").map_or(at, |colon| colon + 2);
                    format!("{}<os error>\n", &line[..start])
                }
                _ => format!("{line}\n"),
            },
        )
        .collect()
}

/// A predicate for a command's stderr: `expected`, with the system's words for its errors
/// compared only where they are Linux's (see [`system_words_generalised`]).
pub fn stderr_reads(expected: &'static str) -> impl predicates::Predicate<str> {
    predicates::function::function(move |stderr: &str| {
        system_words_generalised(stderr) == system_words_generalised(expected)
    })
}

/// The processes whose command line holds `marker` (Linux's /proc), other than knight-moves
/// running `stress`: what a candidate left behind.
#[cfg(target_os = "linux")]
pub fn processes_holding(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(command) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let command = String::from_utf8_lossy(&command);
        let mut words = command.split('\0');
        let program = words.next().unwrap_or_default();
        let is_stress = program.ends_with("knight-moves") && words.next() == Some("stress");
        let command = command.replace('\0', " ");
        if command.contains(marker) && !is_stress {
            found.push(command);
        }
    }
    found
}

/// `path` quoted for a `stress` COMMAND, as the system splits commands: in single quotes for a
/// POSIX shell's rules, in double quotes for Windows'.
pub fn quoted(path: &str) -> String {
    if cfg!(windows) {
        format!("\"{path}\"")
    } else {
        format!("'{path}'")
    }
}

/// A run's standard output, as text.
pub fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Stderr with the `ns_per_query` figures taken out (the last column of the text table, the
/// field of the JSON one): the one thing in a run's output that differs from run to run.
pub fn without_timings(stderr: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(stderr);
    let mut out = String::new();
    let mut in_table = false;
    for line in text.split_inclusive('\n') {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.first() == Some(&"engine") && fields.last() == Some(&"ns_per_query") {
            in_table = true;
        }
        if in_table && fields.len() == 6 {
            out.push_str(&fields[..5].join(" "));
            out.push('\n');
            continue;
        }
        in_table = false;
        // Which query was slowest, and how long it took, is the machine's.
        if let Some(at) = line.find("'s slowest query: ") {
            out.push_str(&line[..at]);
            out.push_str("'s slowest query: _\n");
            continue;
        }
        if line.starts_with("{\"engines\":") {
            out.push_str(&without_json_timings(line));
        } else {
            out.push_str(line);
        }
    }
    out.into_bytes()
}

fn without_json_timings(line: &str) -> String {
    const KEY: &str = "\"ns_per_query\":";
    const SLOWEST: &str = "\"slowest\":{";
    let mut out = String::new();
    let mut rest = line;
    // The slowest query's object holds no object: it ends at the first '}'.
    let mut kept = String::new();
    while let Some(at) = rest.find(SLOWEST) {
        kept.push_str(&rest[..at]);
        kept.push_str("\"slowest\":_");
        rest = &rest[at..];
        rest = &rest[rest.find('}').map_or(rest.len(), |end| end + 1)..];
    }
    kept.push_str(rest);
    let mut rest = kept.as_str();
    while let Some(at) = rest.find(KEY) {
        out.push_str(&rest[..at + KEY.len()]);
        rest = &rest[at + KEY.len()..];
        let end = rest.find([',', '}']).unwrap_or(rest.len());
        out.push('_');
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Has `command` start under an address-space limit of `bytes` (`setrlimit(RLIMIT_AS)`, as
/// `prlimit --as` sets it).
#[cfg(target_os = "linux")] // prlimit --as is Linux's; RLIMIT_AS elsewhere differs
pub fn limit_address_space(command: &mut std::process::Command, bytes: libc::rlim_t) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec the closure calls only setrlimit, which is
    // async-signal-safe, on memory of its own stack.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            match libc::setrlimit(libc::RLIMIT_AS, &limit) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
}

/// Every file under `dir`, as paths relative to it, sorted.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in
            std::fs::read_dir(&folder).unwrap_or_else(|error| panic!("{folder:?}: {error}"))
        {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    files.sort();
    files
}

/// The uid a test runs the binary as where it must be unprivileged and the tests run as root:
/// `nobody`'s.
#[cfg(unix)]
pub const NOBODY: libc::uid_t = 65534;

/// Whether the tests run as root, where a test that needs an unprivileged run makes it as
/// [`NOBODY`].
#[cfg(unix)]
pub fn is_root() -> bool {
    // SAFETY: geteuid takes nothing and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// A folder everyone may enter, under `/tmp`, removed when dropped: `tempfile`'s own folders
/// are their owner's alone (0700), which `nobody` cannot enter.
#[cfg(unix)]
pub fn folder_for_everyone() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let folder = tempfile::Builder::new()
        .prefix("knight-moves-test-")
        .tempdir_in("/tmp")
        .expect("a folder in /tmp");
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755))
        .expect("the folder opened to everyone");
    folder
}

/// A copy of the built binary that every user can run, in `folder` (one of
/// [`folder_for_everyone`]'s): the build's own may be out of `nobody`'s reach, in a private
/// folder (a clone in `mktemp -d`, a container's `/root`).
#[cfg(unix)]
pub fn binary_for_everyone(folder: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let copy = folder.join("knight-moves");
    std::fs::copy(env!("CARGO_BIN_EXE_knight-moves"), &copy).expect("the binary copied");
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755))
        .expect("the copy made executable");
    copy
}

/// Another unprivileged uid, of no user's, for a test that must not be counted among
/// [`NOBODY`]'s processes (a test counts those, alone under that uid).
#[cfg(unix)]
pub const NO_USER: libc::uid_t = 65533;

/// Makes `command` run as `uid` (no groups, the same number as its gid), when the tests run as
/// root.
#[cfg(unix)]
pub fn unprivileged_when_root(command: &mut Command, uid: libc::uid_t) -> &mut Command {
    use std::os::unix::process::CommandExt;
    if !is_root() {
        return command;
    }
    // SAFETY: between fork and exec only async-signal-safe calls are made (setgroups, setgid,
    // setuid) on a value copied into the closure.
    unsafe {
        command.pre_exec(move || {
            if libc::setgroups(0, std::ptr::null()) != 0
                || libc::setgid(uid) != 0
                || libc::setuid(uid) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    }
}

/// Starts `command`, trying again while the system says its program is busy (`ETXTBSY`): a
/// copy of the binary just written can be held open for writing a moment longer by a process
/// another test thread forked meanwhile, until that process execs.
pub fn spawn_when_not_busy(command: &mut Command) -> Child {
    for _ in 0..200 {
        match command.spawn() {
            Err(error) if error.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                thread::sleep(Duration::from_millis(10));
            }
            started => return started.expect("the binary starts"),
        }
    }
    panic!("the binary stayed busy for two seconds");
}
