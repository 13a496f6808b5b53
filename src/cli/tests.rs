//! The command line's contract, read from clap's own definition rather than from a list of
//! options: every option a command declares changes its run, every option it does not declare
//! is refused, and each old spelling is refused with the command line that does the job now.

use super::*;

use clap::Arg;

#[test]
fn the_command_line_definition_is_consistent() {
    definition().debug_assert();
}

/// The options a command takes that change nothing of its run, and why: testlib's, which
/// Polygon passes and knight-moves takes as testlib does, unused.
const TAKEN_AND_UNUSED: &[&str] = &[
    "testset",
    "group",
    "test_overview_log_file_name",
    "test_markup_file_name",
    "test_case",
    "test_case_file_name",
];

/// Every command that runs (a command with commands under it does not), with the words that
/// name it after `knight-moves`: the filter itself (no words), `check`, `generate random`, ….
fn leaves() -> Vec<(Vec<String>, clap::Command)> {
    fn walk(
        path: Vec<String>,
        command: &clap::Command,
        found: &mut Vec<(Vec<String>, clap::Command)>,
    ) {
        let is_root = path.is_empty();
        if is_root || !command.has_subcommands() {
            found.push((path.clone(), command.clone()));
        }
        for sub in command.get_subcommands() {
            let mut deeper = path.clone();
            deeper.push(sub.get_name().to_owned());
            walk(deeper, sub, found);
        }
    }
    let mut root = definition();
    root.build();
    let mut found = Vec::new();
    walk(Vec::new(), &root, &mut found);
    found
}

/// The options of `command` a test gives: named, not help or version, not the old spellings.
fn options(command: &clap::Command) -> Vec<Arg> {
    command
        .get_arguments()
        .filter(|arg| !arg.is_positional() && !arg.is_hide_set())
        .filter(|arg| !matches!(arg.get_id().as_str(), "help" | "version"))
        .cloned()
        .collect()
}

/// A value `arg` takes that is not its default: a possible value (the second, where there are
/// several, so as not to be the default first), or one of its kind by value name.
fn sample_value(arg: &Arg) -> String {
    let possible = arg.get_possible_values();
    if let Some(value) = possible.get(1).or(possible.first()) {
        return value.get_name().to_owned();
    }
    let name = arg
        .get_value_names()
        .and_then(|names| names.first())
        .map_or(String::new(), ToString::to_string);
    match name.as_str() {
        "SIZE" => "12",
        "PIECE" => "camel",
        "N" => "3",
        "S" => "7",
        "SECONDS" => "1",
        "MB" => "100",
        "UUID" => "3e2a38b5-efb4-40e6-8283-33404a412289",
        "NAME" => "me",
        "FILE" => "page.html",
        "PATH" => "case.in",
        other => panic!("no sample value for {other} ({:?})", arg.get_id()),
    }
    .to_owned()
}

/// `arg` as typed with a sample value: `--path`, `--cases 3`, `--draw=search`.
fn typed(arg: &Arg) -> Vec<String> {
    let long = format!("--{}", arg.get_long().expect("a named option"));
    let takes_value = !matches!(
        arg.get_action(),
        clap::ArgAction::SetTrue | clap::ArgAction::SetFalse | clap::ArgAction::Count
    );
    match (takes_value, arg.is_require_equals_set()) {
        (false, _) => vec![long],
        (true, true) => vec![format!("{long}={}", sample_value(arg))],
        (true, false) => vec![long, sample_value(arg)],
    }
}

/// `arg` as typed with each of its possible values, or with its sample value where it names
/// none.
fn every_typing(arg: &Arg) -> Vec<Vec<String>> {
    let long = format!("--{}", arg.get_long().expect("a named option"));
    let values = arg.get_possible_values();
    match values.is_empty() || !arg.get_action().takes_values() {
        true => vec![typed(arg)],
        false => values
            .iter()
            .map(|value| vec![format!("{long}={}", value.get_name())])
            .collect(),
    }
}

/// What `knight-moves` with `words` would do, settled, in words.
fn task(words: &[String]) -> Result<String, clap::Error> {
    let args: Vec<OsString> = std::iter::once("knight-moves".to_owned())
        .chain(words.iter().cloned())
        .map(OsString::from)
        .collect();
    settled(&args)
}

/// The shortest run of `command` (at `path`): its required arguments, with as many files as it
/// needs (testlib's three), and the task it is.
fn base(path: &[String], command: &clap::Command) -> (Vec<String>, String) {
    try_base(path, command).unwrap_or_else(|error| panic!("no run of {path:?}: {error:?}"))
}

/// [`base`], or why `path` has no run (`generate all-pairs --problem cses-grid`).
fn try_base(
    path: &[String],
    command: &clap::Command,
) -> Result<(Vec<String>, String), clap::Error> {
    let mut words = path.to_vec();
    for positional in command
        .get_positionals()
        .filter(|arg| arg.is_required_set())
    {
        let possible = positional.get_possible_values();
        words.push(
            possible
                .first()
                .map_or("x".to_owned(), |value| value.get_name().to_owned()),
        );
    }
    for _ in 0..5 {
        if let Ok(task) = task(&words) {
            return Ok((words, task));
        }
        words.push("x".to_owned());
    }
    task(&words).map(|task| (words, task))
}

/// Every option each command declares changes its run (alone, or beside another of the
/// command's options that it needs: `--header` beside `--format tsv`), but those taken and
/// unused on purpose; for every problem, where the command takes `--problem`, an option the
/// problem refuses being refused as [`REFUSABLE`] says, and as the filter refuses it.
#[test]
fn every_option_a_command_takes_changes_its_run() {
    let mut checked = 0;
    let leaves = leaves();
    let filter = &leaves[0].1;
    for (path, command) in &leaves {
        let takes_a_problem = command.get_arguments().any(|arg| arg.get_id() == "problem");
        let problems: &[Problem] = match takes_a_problem {
            true => <Problem as clap::ValueEnum>::value_variants(),
            false => &[Problem::Uva439],
        };
        for &problem in problems {
            checked += options_change_the_run(path, command, filter, problem);
        }
    }
    assert!(checked > 250, "{checked} options checked");
}

/// [`every_option_a_command_takes_changes_its_run`] for the command at `path` and `problem`
/// (uva439: the command's default, and `--problem` among the options checked), `filter` being
/// knight-moves' own definition: how many options it checked.
fn options_change_the_run(
    path: &[String],
    command: &clap::Command,
    filter: &clap::Command,
    problem: Problem,
) -> usize {
    let chosen: Vec<String> = match problem {
        Problem::Uva439 => Vec::new(),
        _ => vec!["--problem".to_owned(), problem.name().to_owned()],
    };
    let mut path_and_problem = path.to_vec();
    path_and_problem.extend(chosen.iter().cloned());
    // A command the problem has no run of (`generate all-pairs --problem cses-grid`).
    let Ok((base_words, base_task)) = try_base(&path_and_problem, command) else {
        assert!(!chosen.is_empty(), "no run of {path:?}");
        return 0;
    };
    // The options go between the command's words and its positional arguments.
    let with = |extra: &[Vec<String>]| {
        let mut words = path_and_problem.clone();
        words.extend(extra.iter().flatten().cloned());
        words.extend_from_slice(&base_words[path_and_problem.len()..]);
        task(&words)
    };
    // The line of REFUSABLE that refused `option` under the problem, where one did.
    let refused_by_the_problem = |option: &Arg, said: &Result<String, clap::Error>| {
        let said = said.as_ref().err()?.to_string();
        REFUSABLE.iter().find(|row| {
            option.get_id() == row.id
                && !problem.takes(row)
                && said.contains(&problem.refusal(row, path.is_empty()))
        })
    };
    let options: Vec<Arg> = options(command)
        .into_iter()
        .filter(|option| chosen.is_empty() || option.get_id() != "problem")
        .collect();
    for option in &options {
        let id = option.get_id().as_str();
        let alone = with(&[typed(option)]);
        let changes = match &alone {
            // Where the sample value is the problem's default (`--algorithm formula` for
            // knightl), another of its values.
            Ok(task) => {
                task != &base_task
                    || every_typing(option).iter().any(|typing| {
                        with(std::slice::from_ref(typing)).is_ok_and(|task| task != base_task)
                    })
            }
            Err(_) => match refused_by_the_problem(option, &alone) {
                // Refused by the problem: as the filter refuses it, where it has the option.
                Some(row) => {
                    let mut words = chosen.clone();
                    words.extend(typed(option));
                    if filter.get_arguments().any(|arg| arg.get_id() == row.id) {
                        let said = task(&words).err().map(|error| error.to_string());
                        let refusal = problem.refusal(row, true);
                        assert!(
                            said.as_ref().is_some_and(|said| said.contains(&refusal)),
                            "{path:?} {id} --problem {}: refused as {refusal:?}, which the filter \
                             does not say: {said:?}",
                            problem.name()
                        );
                    }
                    continue;
                }
                // Refused alone: it needs another of the command's options beside it (which
                // the problem may refuse, and then refuses with it).
                None => options
                    .iter()
                    .filter(|other| other.get_id() != option.get_id())
                    .any(|other| {
                        match (with(&[typed(other)]), with(&[typed(other), typed(option)])) {
                            (Ok(without), Ok(both)) => without != both,
                            (Err(without), Err(both)) => {
                                refused_by_the_problem(other, &Err(without)).is_some()
                                    && refused_by_the_problem(other, &Err(both)).is_some()
                            }
                            _ => false,
                        }
                    }),
            },
        };
        let unused = TAKEN_AND_UNUSED.contains(&id);
        assert!(
            changes != unused,
            "{path:?} {id} --problem {}: changes the run: {changes} ({alone:?})",
            problem.name()
        );
    }
    options.len()
}

/// Each option some problems refuse (a line of [`REFUSABLE`]) is, in every command that has
/// an argument of its id, the option the line names (`--` and its long name), taking the value
/// it names, and one option throughout: the values one command takes, or the other takes
/// them all (the judging commands' `--format` has no trace). Else a command's own option of
/// the same id (`package --format`) would be refused as another's.
#[test]
fn every_refusable_option_is_the_one_it_names_in_every_command() {
    for row in REFUSABLE {
        let (shown, value) = row.shown.split_once(' ').unwrap_or((row.shown, ""));
        assert_eq!(row.value.unwrap_or_default(), value, "{row:?}");
        let mut found: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        for (path, command) in leaves() {
            let Some(arg) = command.get_arguments().find(|arg| arg.get_id() == row.id) else {
                continue;
            };
            let long = arg.get_long().map(|long| format!("--{long}"));
            assert_eq!(long.as_deref(), Some(shown), "{path:?} {}", row.id);
            let values: Vec<String> = arg
                .get_possible_values()
                .iter()
                .map(|value| value.get_name().to_owned())
                .collect();
            if let Some(value) = row.value {
                assert!(values.iter().any(|v| v == value), "{path:?} {row:?}");
            }
            found.push((path, values));
        }
        assert!(!found.is_empty(), "no command has {}", row.id);
        for (path, values) in &found {
            for (other_path, other) in &found {
                let within = |a: &[String], b: &[String]| a.iter().all(|v| b.contains(v));
                assert!(
                    within(values, other) || within(other, values),
                    "{}: {path:?} takes {values:?}, {other_path:?} {other:?}",
                    row.id
                );
            }
        }
    }
}

/// `package --format` is the package's, which every problem takes: not the answers'
/// `--format`, which some problems refuse.
#[test]
fn every_problem_is_packaged_in_every_format() {
    for problem in <Problem as clap::ValueEnum>::value_variants() {
        for format in ["legacy", "2025-09"] {
            let words = [
                "package",
                "--problem",
                problem.name(),
                "--format",
                format,
                "d",
            ];
            let words: Vec<String> = words.iter().map(|word| word.to_string()).collect();
            assert!(task(&words).is_ok(), "{words:?}: {:?}", task(&words));
        }
    }
}

/// Every command refuses every option of the others that it does not declare, as clap's usage
/// error (status 2), naming the option.
#[test]
fn every_command_refuses_every_option_it_does_not_declare() {
    let leaves = leaves();
    let mut every: Vec<Arg> = Vec::new();
    for (_, command) in &leaves {
        for option in options(command) {
            if !every
                .iter()
                .any(|known| known.get_long() == option.get_long())
            {
                every.push(option);
            }
        }
    }
    let mut refused = 0;
    for (path, command) in &leaves {
        let (base_words, _) = base(path, command);
        let declared: Vec<_> = options(command)
            .iter()
            .map(|arg| arg.get_long().map(str::to_owned))
            .collect();
        for option in every
            .iter()
            .filter(|option| !declared.contains(&option.get_long().map(str::to_owned)))
        {
            let mut words = path.clone();
            words.extend(typed(option));
            words.extend_from_slice(&base_words[path.len()..]);
            let error = task(&words).expect_err(&format!("{words:?}"));
            assert_eq!(error.exit_code(), 2, "{words:?}");
            let long = option.get_long().unwrap_or_default();
            assert!(error.to_string().contains(long), "{words:?}: {error}");
            refused += 1;
        }
    }
    assert!(refused > 100, "{refused} refusals checked");
}

/// Each old spelling of a job is refused, with the command line that does the job now.
#[test]
fn the_old_spellings_are_refused_with_the_way_forward() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--check", "a.ans", "q.in"],
            "--check is now a command: knight-moves check a.ans q.in",
        ),
        (
            &["--problem", "nakanj", "--stress", "./a.out", "--cases", "5"],
            "--stress is now a command: knight-moves stress ./a.out --problem nakanj --cases 5",
        ),
        (
            &["--checker", "kattis", "in", "ans", "fb"],
            "--checker is now a command: knight-moves checker kattis in ans fb",
        ),
        (
            &["--validate-input=testlib"],
            "--validate-input is now a command: knight-moves validate testlib",
        ),
        (
            &["--generate", "input-random", "--seed", "3"],
            "--generate is now a command: knight-moves generate random --seed 3",
        ),
        (
            &["--generate", "complete-zsh"],
            "--generate is now a command: knight-moves completions zsh",
        ),
        (
            &["--generate", "man"],
            "--generate is now a command: knight-moves man",
        ),
        (
            &["--package", "my dir", "--force"],
            "--package is now a command: knight-moves package 'my dir' --force",
        ),
        (
            &["--package", "d", "--package-format", "2025-09"],
            "--package is now a command: knight-moves package d --format 2025-09",
        ),
        (
            &["--check", "a\nb", "q.in"],
            "--check is now a command: knight-moves check a\\nb q.in",
        ),
        // An option the command does not take is named, not moved into the line, where it
        // would be refused again; nor is its value.
        (
            &["--check", "a", "b", "--stats"],
            "--check is now a command, and --stats is no option of check: knight-moves check a b",
        ),
        (
            &["--generate", "input-random", "--path", "--seed", "3"],
            "--generate is now a command, and --path is no option of generate random: \
             knight-moves generate random --seed 3",
        ),
        (
            &["--stress", "./a.out", "--draw", "--cases", "5"],
            "--stress is now a command, and --draw is no option of stress: knight-moves stress \
             ./a.out --cases 5",
        ),
        (
            &[
                "--check",
                "a",
                "--report",
                "page.html",
                "b",
                "--draw=search",
            ],
            "--check is now a command, and --report, --draw are no options of check: \
             knight-moves check a b",
        ),
    ];
    for (words, expected) in cases {
        let words: Vec<String> = words.iter().map(|word| word.to_string()).collect();
        let error = task(&words).expect_err(expected);
        assert_eq!(error.exit_code(), 2);
        assert!(error.to_string().contains(expected), "{error}");
        types_as_offered(&error);
    }
}

/// The line a refusal offers, typed: the command line takes it (a file it names need not be
/// there: what was typed is read, nothing run).
fn types_as_offered(error: &clap::Error) {
    let said = error.to_string();
    let line = said.lines().next().unwrap_or_default();
    let (_, offered) = line
        .split_once(": knight-moves ")
        .unwrap_or_else(|| panic!("no line offered: {said}"));
    let offered = offered.split(';').next().unwrap_or_default();
    let words =
        shlex::split(offered).unwrap_or_else(|| panic!("not a line a shell splits: {offered}"));
    assert!(task(&words).is_ok(), "{offered}: {:?}", task(&words));
}

/// A command named after the filter's options is not read as a file to answer: the message
/// gives the line with the command first (and its own command, `generate random`); after
/// `--`, or as `./check`, the name is a file's.
#[test]
fn a_command_after_the_filters_options_is_refused_with_the_line_to_type() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--problem", "nakanj", "check", "n.out", "n.in"],
            "check is a command, and its options go after it: knight-moves check --problem \
             nakanj n.out n.in; a file named check is read as ./check, or after --",
        ),
        (
            &["--problem", "nakanj", "generate", "random", "--cases", "3"],
            "knight-moves generate random --problem nakanj --cases 3;",
        ),
        // An option the command does not take is named, not moved after it, where it would be
        // refused again.
        (
            &["--path", "generate", "random"],
            "generate is a command, and its options go after it, and --path is no option of \
             generate random: knight-moves generate random;",
        ),
        (
            &[
                "--stats",
                "--problem",
                "nakanj",
                "--draw=search",
                "check",
                "a",
                "b",
            ],
            "and --stats, --draw are no options of check: knight-moves check --problem nakanj \
             a b;",
        ),
        // `--draw` takes a value after `=` only: the next word is the next option.
        (
            &["--draw", "--problem", "nakanj", "check", "a", "b"],
            "and --draw is no option of check: knight-moves check --problem nakanj a b;",
        ),
        (
            &[
                "--report",
                "page.html",
                "--problem",
                "nakanj",
                "check",
                "a",
                "b",
            ],
            "and --report is no option of check: knight-moves check --problem nakanj a b;",
        ),
    ];
    for (words, expected) in cases {
        let words: Vec<String> = words.iter().map(|word| word.to_string()).collect();
        let error = task(&words).expect_err(expected);
        assert_eq!(error.exit_code(), 2);
        assert!(error.to_string().contains(expected), "{error}");
        types_as_offered(&error);
    }
    for words in [
        &["--path", "--", "check"][..],
        &["--path", "./check"],
        &["check.in"],
    ] {
        let words: Vec<String> = words.iter().map(|word| word.to_string()).collect();
        let filter = task(&words).is_ok_and(|settled| settled.starts_with("Filter"));
        assert!(filter, "{words:?}");
    }
}

/// A feature a problem refuses is named with the help that lists the problems: the filter's
/// own `--help`, or `knight-moves --help` from a command whose help has no Problems section.
#[test]
fn a_refused_feature_sends_the_reader_to_the_help_with_the_problems() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--problem", "poj1915", "--board", "9"],
            "--board does not go with --problem poj1915 (see Problems in --help)",
        ),
        (
            &["check", "a", "--problem", "cses-grid", "--path"],
            "--path does not go with --problem cses-grid (see Problems in knight-moves --help)",
        ),
        (
            &["generate", "hard", "--problem", "knightl", "--board", "9"],
            "--board does not go with --problem knightl (see Problems in knight-moves --help)",
        ),
        (
            &["generate", "all-pairs", "--problem", "cses-grid"],
            "all-pairs makes one query a pair: --problem cses-grid reads no pairs",
        ),
        (
            &["package", "p", "--problem", "poj1915", "--path"],
            "--path writes UVa 439's variant with routes only, so far: not --problem poj1915's",
        ),
        (
            &["validate", "testlib", "--testset", ""],
            "--testset: expected a test set's name, found nothing",
        ),
    ];
    for (words, expected) in cases {
        let words: Vec<String> = words.iter().map(|word| word.to_string()).collect();
        let error = task(&words).expect_err(expected);
        assert!(error.to_string().contains(expected), "{error}");
    }
}

/// A usage error is read as far as clap can read it: under testlib's protocol (a status of 3),
/// and with the Kattis feedback folder whose earlier verdict must go, whatever the error.
#[test]
fn a_usage_error_says_its_protocol_and_its_feedback_folder() {
    let of = |words: &[&str]| {
        UsageErrorOf::read(std::iter::once("knight-moves").chain(words.iter().copied()))
    };
    for words in [
        &["checker", "testlib", "in", "out"][..],
        &["checker", "testlib", "--problem", "xyz", "in", "out", "ans"],
        &["validate", "testlib", "--board", "0"],
    ] {
        assert!(of(words).speaks_testlib, "{words:?}");
    }
    for words in [
        &["checker", "kattis", "in"][..],
        &["--problem", "xyz"],
        &["check", "--board", "0", "a"],
    ] {
        assert_eq!(of(words), UsageErrorOf::default(), "{words:?}");
    }
    for words in [
        &["checker", "kattis", "--problem", "xyz", "in", "ans", "fb"][..],
        &["checker", "kattis", "--bogus", "in", "ans", "fb"],
        &[
            "checker",
            "kattis",
            "--max-nodes=0",
            "in",
            "ans",
            "fb",
            "case_sensitive",
        ],
    ] {
        assert_eq!(
            of(words).kattis_feedback,
            Some(PathBuf::from("fb")),
            "{words:?}"
        );
    }
}

/// The help a person reads: knight-moves' own in 60 lines at most, each command's in 50, and
/// each command's with examples of it.
#[test]
fn help_is_short_and_shows_examples() {
    let help = |path: &[String]| {
        let mut words = path.to_vec();
        words.push("--help".to_owned());
        let error = task(&words).expect_err("help is clap's to print");
        assert_eq!(error.kind(), ErrorKind::DisplayHelp);
        error.to_string()
    };
    let main = help(&[]);
    assert!(
        main.lines().count() <= 60,
        "{} lines:\n{main}",
        main.lines().count()
    );
    for (path, _) in leaves().into_iter().filter(|(path, _)| !path.is_empty()) {
        let text = help(&path);
        assert!(
            text.lines().count() <= 50,
            "{path:?}: {} lines",
            text.lines().count()
        );
        let command = path[0].as_str();
        let examples = text
            .lines()
            .filter(|line| {
                line.trim_start()
                    .starts_with(&format!("knight-moves {command}"))
            })
            .count();
        assert!(examples >= 2, "{path:?}: {examples} examples\n{text}");
    }
}

/// `--algorithm` offers every engine, and only those: its values are `Engine::ALL`'s, in its
/// order, so a new engine is on the command line once it is an engine.
#[test]
fn the_algorithms_offered_are_the_engines() {
    let mut root = definition();
    root.build();
    let algorithm = root
        .get_arguments()
        .find(|arg| arg.get_id() == "algorithm")
        .expect("the filter's --algorithm");
    let offered: Vec<String> = algorithm
        .get_possible_values()
        .iter()
        .map(|value| value.get_name().to_owned())
        .collect();
    let engines: Vec<String> = crate::engine::Engine::ALL
        .iter()
        .map(|engine| engine.name().to_owned())
        .collect();
    assert_eq!(offered, engines);
}
