//! `package DIR`: a judge-ready problem package, written whole or not at all.
//!
//! knight-moves knows everything a package of its problem needs: the statement's format, the
//! judge's sample, the cases that break solutions, the right answers, a strict input validator
//! and a checker that never blames a right program (`validate`, `checker`). The
//! package is made in memory ([`contents`], but for the copies of the binary), then written
//! into a temporary folder beside DIR and renamed into place ([`place`]): a run that fails
//! leaves nothing half-written, and DIR is either the old one or the whole new one.
//!
//! The package's validators are programs of the judge system (a `build` and a `run` script in
//! a folder) that run a copy of the knight-moves binary beside them, so that the package
//! carries the very judge it was made with. Everything but the uuid is the same from run to
//! run (`--uuid` fixes that too): the random cases come from the seeds BAPCtools gives their
//! commands, named in their files' names.

use std::hash::{BuildHasher, Hasher};
use std::path::PathBuf;

use anyhow::bail;

use crate::board::Board;
use crate::package::material::{Material, Secret};
use crate::pipeline::answers_in_memory;
use crate::problem::Problem;
use crate::problem::cases::{CaseGenerator, Inputs, Reach};
use crate::settings::AnswerSettings;

/// What a package is to be: its folder, format and problem, and what its files say.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PackageSettings {
    /// The folder the package goes to.
    pub dir: PathBuf,
    pub format: PackageFormat,
    /// The problem's uuid, where `--uuid` gives one; else a fresh one.
    pub uuid: Option<String>,
    /// Who may permit the package's use (`--rights-owner`), where given.
    pub rights_owner: Option<String>,
    /// Whether a DIR that holds files is replaced (`--force`).
    pub force: bool,
    /// The answers the package's cases are answered with.
    pub answers: AnswerSettings,
}

/// The problem package formats `package` writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum PackageFormat {
    /// The legacy Kattis format, which problemtools' verifyproblem reads (and DOMjudge
    /// imports).
    #[default]
    Legacy,
    /// The 2025-09 format, which BAPCtools reads.
    #[value(name = "2025-09")]
    V2025_09,
    /// DMOJ's problem folder, which its judge reads (`dmoj-cli test CODE` runs its tests).
    Dmoj,
}

mod dmoj;
mod material;
mod place;

/// One file of the package: its path under DIR (`/`-separated), what it holds, and whether
/// it is a program the judge runs.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct PackageFile {
    pub path: String,
    pub content: Content,
    pub executable: bool,
}

/// What a file of the package holds.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Content {
    /// These bytes.
    Bytes(Vec<u8>),
    /// The knight-moves binary that writes the package, copied from its file as the package
    /// is written: megabytes, four times over, never held whole.
    Binary,
}

impl PackageFile {
    fn text(path: impl Into<String>, text: impl Into<Vec<u8>>) -> PackageFile {
        PackageFile {
            path: path.into(),
            content: Content::Bytes(text.into()),
            executable: false,
        }
    }

    fn program(path: impl Into<String>, text: impl Into<Vec<u8>>) -> PackageFile {
        PackageFile {
            executable: true,
            ..PackageFile::text(path, text)
        }
    }

    /// A copy of the knight-moves binary, at `path`.
    fn binary(path: impl Into<String>) -> PackageFile {
        PackageFile {
            path: path.into(),
            content: Content::Binary,
            executable: true,
        }
    }
}

/// Writes the package `settings` ask for, and says where, and what it could not clean up
/// ([`place`]).
pub(crate) fn write(settings: &PackageSettings) -> anyhow::Result<place::Placed> {
    // Refused before the package is made, where it cannot go.
    place::target(settings)?;
    let files = contents(settings)?;
    place::place(settings, &files)
}

/// Every file of the package, sorted by path.
pub(crate) fn contents(settings: &PackageSettings) -> anyhow::Result<Vec<PackageFile>> {
    let answers = &settings.answers;
    let Some(material) = material::of(answers.problem, answers.output.path) else {
        bail!(
            "--path writes UVa 439's variant with routes only, so far: not --problem {}'s",
            answers.problem.name()
        );
    };
    let cases = cases(answers, material)?;
    let mut files = match settings.format {
        PackageFormat::Legacy | PackageFormat::V2025_09 => {
            kattis_contents(settings, material, &cases)?
        }
        PackageFormat::Dmoj => dmoj::contents(answers, material, &cases),
    };
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

/// One case of the package, in every format: the sample, then the secret cases in order.
pub(crate) struct Case {
    /// `sample` or `secret`.
    pub folder: &'static str,
    /// The files' name without its extension (`01-hard`).
    pub name: String,
    pub input: Vec<u8>,
    /// knight-moves' answer to it.
    pub answer: Vec<u8>,
    /// How generators.yaml (2025-09) makes it again: a command, or the input inline; none for
    /// the sample, which it writes apart.
    pub rule: Option<String>,
}

impl Case {
    /// Where its files go, without their extension: `data/secret/01-hard`, in every format.
    pub fn path(&self) -> String {
        format!("data/{}/{}", self.folder, self.name)
    }
}

/// knight-moves' answers to `input`, as `answers` say to answer.
fn answer(answers: &AnswerSettings, input: &[u8]) -> anyhow::Result<Vec<u8>> {
    answers_in_memory(answers, "input", input)
        .map_err(|why| anyhow::anyhow!("cannot answer a case: {why}"))
}

/// The package's cases, answered: the judge's sample, then the secret ones, the random ones
/// from the seeds BAPCtools gives their commands (named in the files' names).
fn cases(answers: &AnswerSettings, material: &Material) -> anyhow::Result<Vec<Case>> {
    let mut cases = vec![Case {
        folder: "sample",
        name: "1".to_owned(),
        input: material.sample.to_vec(),
        answer: answer(answers, material.sample)?,
        rule: None,
    }];
    for (number, secret) in material.secret.iter().enumerate() {
        let (name, input, rule) = match *secret {
            Secret::Generated {
                name,
                inputs,
                cases,
            } => {
                let command = generator_command(answers.problem, inputs, cases);
                let seed = bapctools_seed(&command);
                let name = match inputs {
                    Inputs::Random => format!("{:02}-{name}-seed-{seed}", number + 1),
                    Inputs::AllPairs | Inputs::Hard => format!("{:02}-{name}", number + 1),
                };
                let mut input = Vec::new();
                // Written to memory, which cannot fail; a judge's data: what its validator takes.
                let board = Board::STANDARD;
                let mut generator =
                    CaseGenerator::new(answers.problem, board, Reach::WithinLimits, seed);
                let _ = generator.write_input(inputs, cases, &mut input);
                (name, input, yaml_string(&command))
            }
            Secret::Given { name, input } => {
                let rule = format!("\n        in: {}", yaml_string(input));
                (
                    format!("{:02}-{name}", number + 1),
                    input.as_bytes().to_vec(),
                    rule,
                )
            }
        };
        cases.push(Case {
            folder: "secret",
            name,
            answer: answer(answers, &input)?,
            input,
            rule: Some(rule),
        });
    }
    Ok(cases)
}

/// The files of a package in the Kattis formats, legacy (problemtools) and 2025-09
/// (BAPCtools), in no order.
fn kattis_contents(
    settings: &PackageSettings,
    material: &Material,
    cases: &[Case],
) -> anyhow::Result<Vec<PackageFile>> {
    let answers = &settings.answers;
    let legacy = settings.format == PackageFormat::Legacy;
    let mut files = vec![PackageFile::text(
        "problem.yaml",
        problem_yaml(settings, material, legacy),
    )];
    let statement = match legacy {
        true => "problem_statement/problem.en.tex",
        false => "statement/problem.en.tex",
    };
    files.push(PackageFile::text(statement, material.statement));
    // The secret cases, and how generators.yaml (2025-09) makes each again.
    let mut generated = Vec::new();
    for case in cases {
        let path = case.path();
        files.push(PackageFile::text(format!("{path}.in"), case.input.clone()));
        files.push(PackageFile::text(
            format!("{path}.ans"),
            case.answer.clone(),
        ));
        if let Some(rule) = &case.rule {
            generated.push(format!("      {}: {rule}\n", yaml_string(&case.name)));
        }
    }
    if !legacy {
        files.push(PackageFile::text(
            "generators/generators.yaml",
            generators_yaml(material, &generated),
        ));
        files.push(PackageFile::program(
            "generators/knight-moves/build",
            BUILD_SCRIPT,
        ));
        files.push(PackageFile::program(
            "generators/knight-moves/run",
            GENERATOR_SCRIPT,
        ));
        files.push(PackageFile::binary("generators/knight-moves/knight-moves"));
        for &(name, input) in material.invalid_inputs {
            for root in ["data", "generators/manual"] {
                let path = format!("{root}/invalid_input/{name}.in");
                files.push(PackageFile::text(path, input));
            }
        }
        let outputs = [
            ("valid_output", material.valid_outputs),
            ("invalid_output", material.invalid_outputs),
        ];
        for (folder, cases) in outputs {
            for &(name, input, output) in cases {
                let right = answer(answers, input.as_bytes())?;
                for root in ["data", "generators/manual"] {
                    let base = format!("{root}/{folder}/{name}");
                    files.push(PackageFile::text(format!("{base}.in"), input));
                    files.push(PackageFile::text(format!("{base}.ans"), right.clone()));
                    files.push(PackageFile::text(format!("{base}.out"), output));
                }
            }
        }
    }
    let options = checker_options(answers).join(" ");
    // The input is the same with routes or without: the input validator takes no --path.
    let problem = format!("--problem {}", answers.problem.name());
    let mut validators = vec![(
        "input_validators/validate-input".to_owned(),
        input_validator(&problem),
    )];
    let output_folder = match legacy {
        true => "output_validators/checker",
        false => "output_validator",
    };
    validators.push((output_folder.to_owned(), output_validator(&options)));
    if !legacy {
        validators.push((
            "answer_validators/answer".to_owned(),
            answer_validator(&options, answers.output.path),
        ));
    }
    for (folder, run) in validators {
        files.push(PackageFile::program(
            format!("{folder}/build"),
            BUILD_SCRIPT,
        ));
        files.push(PackageFile::program(format!("{folder}/run"), run));
        files.push(PackageFile::binary(format!("{folder}/knight-moves")));
    }
    for &(path, source) in material.submissions {
        files.push(PackageFile::text(format!("submissions/{path}"), source));
    }
    Ok(files)
}

/// The generator `generators.yaml` runs: knight-moves' `generate`, with the arguments the
/// yaml's command gives it.
const GENERATOR_SCRIPT: &str = "\
#!/bin/sh
# bt generate's generator: knight-moves generate, its input on standard output.
exec \"$(dirname \"$0\")/knight-moves\" \"$@\"
";

/// The command generators.yaml runs for a generated case (its `{seed}` BAPCtools' own).
fn generator_command(problem: Problem, inputs: Inputs, cases: u64) -> String {
    let kind = match inputs {
        Inputs::Random => format!(
            "random --problem {} --cases {cases} --seed {{seed}}",
            problem.name()
        ),
        Inputs::AllPairs => format!("all-pairs --problem {}", problem.name()),
        Inputs::Hard => format!("hard --problem {}", problem.name()),
    };
    format!("knight-moves generate {kind}")
}

/// The seed BAPCtools puts for `{seed}` in `command`: the SHA-512 of the command (after no
/// `random_salt`), read as a number, modulo 2^31, which is its last 31 bits.
fn bapctools_seed(command: &str) -> u64 {
    use sha2::Digest;
    let digest = sha2::Sha512::digest(command.trim().as_bytes());
    let last = u32::from_be_bytes([digest[60], digest[61], digest[62], digest[63]]);
    u64::from(last & 0x7fff_ffff)
}

/// `generators/generators.yaml` (2025-09): the sample and the hand-made cases inline, the
/// generated ones as knight-moves' commands (`generated`, one line each), the answers made by
/// the first right submission, which writes what knight-moves writes.
fn generators_yaml(material: &Material, generated: &[String]) -> String {
    let solution = material
        .submissions
        .iter()
        .find(|(path, _)| path.starts_with("accepted/") && path.ends_with(".py"))
        .map_or("", |(path, _)| path);
    let sample = String::from_utf8_lossy(material.sample);
    let mut yaml = format!(
        "# How `bt generate` makes data/ again, the same to the byte: knight-moves makes the
# inputs (its `{{seed}}` is the one the package's cases were made from), {solution}
# their answers.
version: 2025-12
solution: /submissions/{solution}
data:
  sample:
    data:
      \"1\":
        in: {}
  secret:
    data:
",
        yaml_string(&sample)
    );
    for line in generated {
        yaml.push_str(line);
    }
    // The hand-made cases are copied from generators/manual/, byte for byte: written inline,
    // bt would end each with a newline, which some of them must not have.
    let folders: [(&str, Vec<&str>); 3] = [
        (
            "invalid_input",
            material
                .invalid_inputs
                .iter()
                .map(|(name, _)| *name)
                .collect(),
        ),
        (
            "valid_output",
            material
                .valid_outputs
                .iter()
                .map(|(name, ..)| *name)
                .collect(),
        ),
        (
            "invalid_output",
            material
                .invalid_outputs
                .iter()
                .map(|(name, ..)| *name)
                .collect(),
        ),
    ];
    for (folder, names) in folders {
        if names.is_empty() {
            continue;
        }
        yaml.push_str(&format!("  {folder}:\n    data:\n"));
        for name in names {
            yaml.push_str(&format!(
                "      {}:\n        copy: {}\n",
                yaml_string(name),
                yaml_string(&format!("manual/{folder}/{name}"))
            ));
        }
    }
    yaml
}

/// The `build` script of every validator: nothing to build, but the copy of knight-moves must
/// be there and runnable (a problemtools folder program needs a `build` beside its `run`).
const BUILD_SCRIPT: &str = "\
#!/bin/sh
# Nothing to build: the knight-moves binary that wrote this package is beside this script.
if [ ! -x \"$(dirname \"$0\")/knight-moves\" ]; then
  echo \"no executable knight-moves beside $0\" >&2
  exit 1
fi
";

fn input_validator(options: &str) -> String {
    format!(
        "#!/bin/sh
# The input validator: the judge's flags as arguments (ignored), the test input on standard
# input; exit 42 when it is exactly as the problem states it, 43 when not.
exec \"$(dirname \"$0\")/knight-moves\" validate kattis {options} -- \"$@\"
"
    )
}

fn output_validator(options: &str) -> String {
    format!(
        "#!/bin/sh
# The output validator: run as `run IN ANS FEEDBACK_DIR [FLAGS...] < TEAM_OUTPUT`; exit 42
# accepted, 43 wrong answer, the reasons in FEEDBACK_DIR/judgemessage.txt.
exec \"$(dirname \"$0\")/knight-moves\" checker kattis {options} -- \"$@\"
"
    )
}

/// BAPCtools' answer validator, which checks the judge's own answer files: knight-moves'
/// answers to IN byte for byte; where they hold routes, as `check` judges them (any
/// shortest route, the rest byte for byte: UVa 439's comparison).
fn answer_validator(options: &str, routes: bool) -> String {
    let check = match routes {
        true => format!(
            "\"$(dirname \"$0\")/knight-moves\" check {options} -- - \"$1\" >&2
case $? in
  0) exit 42 ;;
  4) exit 43 ;;
  *) exit 1 ;;
esac
"
        ),
        false => format!(
            "answers=$(mktemp) || exit 1
trap 'rm -f \"$answers\"' EXIT
\"$(dirname \"$0\")/knight-moves\" {options} -- \"$1\" >\"$answers\" || exit 1
if cmp -s \"$answers\" -; then
  exit 42
fi
echo \"the answer file is not knight-moves' answer to $1, byte for byte\" >&2
exit 43
"
        ),
    };
    format!(
        "#!/bin/sh
# BAPCtools' answer validator: run as `run IN [FLAGS...] < ANS`; exit 42 when ANS is
# knight-moves' own answer to IN, 43 when not, 1 when it cannot tell.
{check}"
    )
}

/// knight-moves' options for its checker in every format: the problem, and `--path` where
/// routes are judged.
fn checker_options(answers: &AnswerSettings) -> Vec<&'static str> {
    let mut options = vec!["--problem", answers.problem.name()];
    if answers.output.path {
        options.push("--path");
    }
    options
}

/// `problem.yaml`, in the legacy Kattis format or the 2025-09 one.
fn problem_yaml(settings: &PackageSettings, material: &Material, legacy: bool) -> String {
    let uuid = settings.uuid.clone().unwrap_or_else(fresh_uuid);
    let version = match legacy {
        true => String::new(),
        false => "problem_format_version: 2025-09\n".to_owned(),
    };
    let rights_owner = match &settings.rights_owner {
        Some(owner) => format!("rights_owner: {}\n", yaml_string(owner)),
        None => "# rights_owner: who may permit the package's use (--rights-owner)\n".to_owned(),
    };
    let limits = match legacy {
        // The output validator compares as the default one does: no validator_flags.
        // problemtools sets the time limit from the slowest right submission.
        true => "validation: custom\n".to_owned(),
        // BAPCtools takes it from here.
        false => format!("limits:\n  time_limit: {}\n", material.time_limit),
    };
    format!(
        "# {}, written by knight-moves package: its
# validators run the knight-moves binary copied in beside their scripts.
{version}name: {}
uuid: {uuid}
source: {}
license: permission
{rights_owner}{limits}",
        material.described,
        yaml_string(material.name),
        yaml_string(material.source)
    )
}

/// `text` as a YAML string: quoted, its backslashes and quotes escaped, on one line.
fn yaml_string(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            c if c.is_control() => quoted.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// A version 4 (random) uuid. Its 122 random bits come from the standard library's hasher
/// keys, which the system's random source seeds afresh for each `RandomState`: nothing here
/// needs more than a name no other package has.
fn fresh_uuid() -> String {
    let random = || {
        std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish()
    };
    let bits = (u128::from(random()) << 64) | u128::from(random());
    let bits = (bits & !(0xf << 76) | (0x4 << 76)) & !(0x3 << 62) | (0x2 << 62);
    let hex = format!("{bits:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// Whether `text` is a uuid as problem.yaml writes one: 8-4-4-4-12 hexadecimal digits.
pub(crate) fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups.iter().zip([8, 4, 4, 4, 12]).all(|(group, length)| {
            group.len() == length && group.bytes().all(|b| b.is_ascii_hexdigit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_uuids_are_version_4_and_differ() {
        let (a, b) = (fresh_uuid(), fresh_uuid());
        assert!(is_uuid(&a), "{a}");
        assert_ne!(a, b);
        assert_eq!(&a[14..15], "4", "{a}");
        assert!("89ab".contains(&a[19..20]), "{a}");
        assert!(!is_uuid("3e2a38b5-efb4-40e6-8283-33404a41228"));
        assert!(!is_uuid("3e2a38b5-efb4-40e6-8283-33404a41228g"));
        assert!(is_uuid("3e2a38b5-efb4-40e6-8283-33404a412289"));
    }

    #[test]
    fn seeds_are_bapctools_own() {
        // Python's int(hashlib.sha512(command.encode()).hexdigest(), 16) % 2**31, as
        // BAPCtools computes it (bapctools/generate.py).
        let command = "knight-moves generate random --problem uva439 --cases 100 --seed {seed}";
        // python3 -c 'import hashlib; c = "…"; print(int(hashlib.sha512(c.encode()).hexdigest(), 16) % 2**31)'
        const SEED: u64 = 1_910_198_335;
        assert_eq!(bapctools_seed(command), SEED);
        assert_eq!(
            generator_command(Problem::Uva439, Inputs::Random, 100),
            command
        );
    }

    #[test]
    fn yaml_strings_are_quoted_and_escaped() {
        assert_eq!(yaml_string("Ann \"A\" \\ B"), "\"Ann \\\"A\\\" \\\\ B\"");
        assert_eq!(yaml_string("a\nb"), "\"a\\u000ab\"");
    }
}
