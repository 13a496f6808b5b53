//! Linux only: the processes below knight-moves, as `/proc` shows them. Knight-moves makes
//! itself the *child subreaper* of everything it starts, so a candidate's descendants that lose
//! their parent (a double fork, a `setsid` daemon) become knight-moves' own children instead of
//! init's; this module finds them (to kill them) and adds up what the whole tree holds in memory
//! (to judge `--memory-limit` while the candidate runs).

use std::collections::HashMap;
use std::fs;
use std::sync::Once;

/// One process as its `/proc/PID/stat` line tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ProcessStatus {
    pid: i32,
    parent: i32,
    resident_pages: u64,
}

/// Makes knight-moves the child subreaper of its descendants, once: from then on a process
/// below it whose parent dies is handed to knight-moves, not to init, and so cannot escape the
/// sweep at the end of a case however it detached itself (new group, new session, double fork).
pub(super) fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes plain integers, reads and writes no
        // memory of this process, and only changes who inherits its orphaned descendants. A
        // failure (a kernel before 3.4) leaves things as they were: setsid'd descendants may
        // then outlive the run, which the module documentation says.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

/// Every process below `ancestor` (not `ancestor` itself), living or zombie, found through
/// the parent links of one look at `/proc`.
pub(super) fn descendants_of(ancestor: i32) -> Vec<i32> {
    below(&every_process(), ancestor)
        .into_iter()
        .map(|process| process.pid)
        .collect()
}

/// The processes below `ancestor` but for those of `kept` and every process below them, as one
/// look at `/proc` shows them: all of them, and those of them that are `ancestor`'s own
/// children (which only it can reap).
pub(super) fn strays_below(ancestor: i32, kept: &[i32]) -> (Vec<i32>, Vec<i32>) {
    let processes: Vec<ProcessStatus> = every_process()
        .into_iter()
        .filter(|process| !kept.contains(&process.pid))
        .collect();
    let strays = below(&processes, ancestor);
    let children = strays
        .iter()
        .filter(|process| process.parent == ancestor)
        .map(|process| process.pid)
        .collect();
    (strays.iter().map(|process| process.pid).collect(), children)
}

/// The processes of `processes` below `ancestor`, breadth first through the parent links.
fn below(processes: &[ProcessStatus], ancestor: i32) -> Vec<&ProcessStatus> {
    let mut children: HashMap<i32, Vec<&ProcessStatus>> = HashMap::new();
    for process in processes {
        children.entry(process.parent).or_default().push(process);
    }
    let mut found: Vec<&ProcessStatus> = Vec::new();
    let mut index = 0;
    let mut parent = ancestor;
    loop {
        // A process is listed once, under its one parent: no process is found twice.
        found.extend(children.get(&parent).into_iter().flatten());
        let Some(next) = found.get(index) else {
            return found;
        };
        parent = next.pid;
        index += 1;
    }
}

/// The resident memory of every process below `ancestor` (not `ancestor` itself), in bytes:
/// the sum of their resident set sizes, as a judge that watches a program's tree counts it.
/// Memory two of them share (a forked copy not yet written to) is counted twice.
pub(super) fn resident_bytes_below(ancestor: i32) -> u64 {
    let processes = every_process();
    let pages = below(&processes, ancestor)
        .iter()
        .fold(0u64, |pages, process| {
            pages.saturating_add(process.resident_pages)
        });
    pages.saturating_mul(page_size())
}

/// What Linux will count of knight-moves' own memory in the peak of a process it starts now,
/// in bytes; its peak is first brought down to what it holds now, where Linux allows it.
///
/// At `exec` a process's peak takes in the memory it leaves behind, which for a child just
/// forked is its parent's copy, peak included. So a candidate's `ru_maxrss` is the larger of
/// its own peak and knight-moves' peak when it was started, and a figure no larger than that
/// says nothing of the candidate. Writing 5 to `/proc/self/clear_refs` sets the peak back to
/// the memory held now (Linux 4.0 on), so one big search earlier does not hide every
/// candidate's figure after it; where that is refused, the peak read is still a true bound.
pub(super) fn peak_a_child_inherits() -> Option<u64> {
    let _ = fs::write("/proc/self/clear_refs", "5");
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_ascii_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// The size of a memory page, in bytes.
fn page_size() -> u64 {
    // SAFETY: sysconf takes an integer and reads no memory of this process.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    u64::try_from(size).unwrap_or(4096)
}

/// Every process `/proc` lists now. One that ends while it is read is left out.
fn every_process() -> Vec<ProcessStatus> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse::<i32>().ok()?;
            let line = fs::read_to_string(entry.path().join("stat")).ok()?;
            parse_stat(pid, &line)
        })
        .collect()
}

/// Reads a `/proc/PID/stat` line. The command name (field 2) is in parentheses and may hold
/// anything, spaces and parentheses too, so the fields are counted from the last `)`: then
/// come the state (field 3), the parent (field 4), … the resident set size in pages (field 24).
fn parse_stat(pid: i32, line: &str) -> Option<ProcessStatus> {
    let (_, after_name) = line.rsplit_once(')')?;
    let fields: Vec<&str> = after_name.split_ascii_whitespace().collect();
    Some(ProcessStatus {
        pid,
        parent: fields.get(1)?.parse().ok()?,
        resident_pages: fields.get(21)?.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_are_read_from_the_last_parenthesis() {
        let rows = [
            (
                "4243 (sleep) S 17 4243 17 0 -1 4194304 92 0 0 0 0 0 0 0 20 0 1 0 9 8192 130 \
                 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0",
                Some((17, 130)),
            ),
            (
                "12 (a) b) (c) R 1 12 12 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 9 8192 7 0",
                Some((1, 7)),
            ),
            ("12 (z) Z 3", None),
            ("no parenthesis", None),
        ];
        for (line, expected) in rows {
            let read = parse_stat(12, line).map(|process| (process.parent, process.resident_pages));
            assert_eq!(read, expected, "{line}");
        }
    }

    #[test]
    fn this_process_is_found_below_its_parent_with_its_memory() {
        // SAFETY: getpid and getppid take nothing and cannot fail.
        let (me, parent) = unsafe { (libc::getpid(), libc::getppid()) };
        assert!(descendants_of(parent).contains(&me));
        let grandparent = every_process()
            .into_iter()
            .find(|process| process.pid == parent)
            .map(|process| process.parent);
        if let Some(grandparent) = grandparent.filter(|&pid| pid > 0) {
            assert!(
                descendants_of(grandparent).contains(&me),
                "a grandchild is below too"
            );
        }
        assert!(resident_bytes_below(parent) >= 1 << 20);
    }
}
