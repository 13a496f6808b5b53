//! `package --format dmoj`: the problem as a folder that DMOJ's judge reads, named by the
//! problem's code (lower-case letters and digits, 20 at most, as the site takes it).
//!
//! - `init.yml`, what the judge reads: the cases, the checker where one is needed, and the
//!   submissions with the verdicts they must get (`tests:`, which `dmoj-cli test CODE` runs).
//!   Its first comment says what the site holds instead: the problem's name, its time and
//!   memory limits (DMOJ's judge takes them with each submission, never from the folder).
//! - The cases (`data/sample/`, `data/secret/`, `.in` and `.out`), the same as the other
//!   formats' ([`Case`]). The sample comes first and is worth no points, as DMOJ's own
//!   problems set their samples: a submission that fails it is stopped there. The secret cases
//!   are one batch of the judge's default point, all or nothing, as each original judge's
//!   verdict is: a wrong case ends the batch, the cases after it skipped.
//! - `statement.md`, the statement in the Markdown of DMOJ's problem editor (DMOJ keeps
//!   statements in its database, not in the judge's folder), made from the other formats'
//!   LaTeX ([`statement`]), with the sample.
//! - `checker.py` and a copy of knight-moves: the checker, for every problem. DMOJ's standard
//!   checker compares line by line and case sensitively, which is no problem's rule in the
//!   other formats: their output validator is knight-moves' `checker kattis`, which ignores
//!   ASCII case and takes any white space, line breaks too, between words (an answer per
//!   line or all on one), judges routes as any shortest one, and calls an answer file or an
//!   input that is not the problem's a judge failure, never the submission's. checker.py runs
//!   that very command, so that a submission gets the same verdict in every format.
//! - The submissions, as in the other formats (`submissions/accepted/…`).

use crate::package::material::Material;
use crate::package::{Case, PackageFile, checker_options};
use crate::settings::AnswerSettings;

/// `checker.py`, DMOJ's custom checker: it runs the copy of knight-moves beside it.
const CHECKER: &str = include_str!("checker.py");

/// The memory limit of the tests (and the one init.yml suggests for the site), in KiB: 256
/// MiB, the limit DMOJ's own problems most often set. Its default, 64 MiB, is too close to
/// what CPython takes for CSES's largest grid (about 50 MiB for the closed form).
const MEMORY_KIB: u32 = 262_144;

/// The points of the batch of secret cases. The site scales a submission's points to the
/// problem's own, so only their ratio counts: one batch, all or nothing.
const POINTS: u32 = 1;

/// The files of the problem's DMOJ folder, in no order.
pub(super) fn contents(
    answers: &AnswerSettings,
    material: &Material,
    cases: &[Case],
) -> Vec<PackageFile> {
    let mut files = vec![
        PackageFile::text("init.yml", init_yml(answers, material, cases)),
        PackageFile::text("statement.md", statement(material.statement, &cases[0])),
    ];
    for case in cases {
        let path = case.path();
        files.push(PackageFile::text(format!("{path}.in"), case.input.clone()));
        files.push(PackageFile::text(
            format!("{path}.out"),
            case.answer.clone(),
        ));
    }
    for &(path, source) in material.submissions {
        files.push(PackageFile::text(format!("submissions/{path}"), source));
    }
    files.push(PackageFile::text("checker.py", CHECKER));
    files.push(PackageFile::binary("knight-moves"));
    files
}

/// The language DMOJ's judge runs a submission in, by its file's extension: CPython 3 and
/// C++17, which every DMOJ judge has. `None` for a kind it is not written for.
fn language(path: &str) -> Option<&'static str> {
    match path.rsplit_once('.')?.1 {
        "py" => Some("PY3"),
        "cpp" => Some("CPP17"),
        _ => None,
    }
}

/// `init.yml`: the cases, the checker, and the submissions' expected verdicts (`tests:`).
fn init_yml(answers: &AnswerSettings, material: &Material, cases: &[Case]) -> String {
    let time = material.time_limit;
    let mut yaml = format!(
        "# {}: DMOJ's problem folder, written by knight-moves package.
# DMOJ's judge reads this file; the site holds the rest, the problem's code being this
# folder's name:
#   name: {}
#   source: {}
#   description: statement.md
#   time limit: {time} s; memory limit: {MEMORY_KIB} KB (the judge takes both from the site
#     with each submission, never from here; the tests below run with them)
# The sample first, worth no points: a submission that fails it is stopped there. Then the
# secret cases, one batch, all or nothing, as the original judge's verdict is.
test_cases:
",
        material.described, material.name, material.source
    );
    let (samples, secret): (Vec<&Case>, Vec<&Case>) =
        cases.iter().partition(|case| case.folder == "sample");
    let files = |case: &Case| {
        let path = case.path();
        format!("in: {path}.in, out: {path}.out")
    };
    for case in samples {
        yaml.push_str(&format!("- {{{}, points: 0}}\n", files(case)));
    }
    yaml.push_str(&format!("- points: {POINTS}\n  batched:\n"));
    for case in secret {
        yaml.push_str(&format!("  - {{{}}}\n", files(case)));
    }
    let options: Vec<String> = checker_options(answers)
        .iter()
        .map(|option| format!("\"{option}\""))
        .collect();
    yaml.push_str(&format!(
        "# knight-moves judges the answers as it does in the other formats' packages (checker.py
# runs the copy of it beside this file: `knight-moves checker kattis OPTIONS -- IN ANS
# FEEDBACK_DIR < OUTPUT`): words compared with ASCII case ignored and any white space
# between them{}; an answer file or an input that is not the problem's is the judge's
# failure (IE), never the submission's.
checker:
  name: checker.py
  args: {{options: [{}]}}
",
        match answers.output.path {
            true => ", any shortest route right",
            false => "",
        },
        options.join(", ")
    ));
    let last = cases.len();
    yaml.push_str(&format!(
        "# What `dmoj-cli test CODE` checks: each submission judged as its folder says. A right one
# gets AC on every case. A wrong one, or a slow one, fails a case, after which the rest are
# skipped (SC): every case AC, SC or its failure, and the last one ({last}) not AC.
tests:
"
    ));
    for &(path, _) in material.submissions {
        let Some(language) = language(path) else {
            continue;
        };
        let folder = path.split('/').next().unwrap_or_default();
        let expect = match folder {
            "accepted" => "AC".to_owned(),
            "wrong_answer" => format!("[AC, WA, SC], cases: {{{last}: [WA, SC]}}"),
            "time_limit_exceeded" => format!("[AC, TLE, SC], cases: {{{last}: [TLE, SC]}}"),
            _ => continue,
        };
        yaml.push_str(&format!(
            "- {{source: submissions/{path}, language: {language}, time: {time}, memory: \
             {MEMORY_KIB}, expect: {expect}}}\n"
        ));
    }
    yaml
}

/// The statement in the Markdown of DMOJ's problem editor, from the LaTeX of the other
/// formats, then the sample and knight-moves' answer to it. The LaTeX is the little that the
/// statements use: `\problemname` (the site holds the name apart), `\section*`, inline math
/// between dollars (DMOJ's Markdown writes it between tildes), `\texttt` and TeX's quotes.
pub(super) fn statement(tex: &str, sample: &Case) -> String {
    let mut markdown = String::new();
    for line in tex.lines() {
        if line.starts_with("\\problemname{") {
            continue;
        }
        if let Some(title) = line
            .strip_prefix("\\section*{")
            .and_then(|rest| rest.strip_suffix('}'))
        {
            match title {
                "Input" | "Output" => markdown.push_str(&format!("## {title} Specification\n")),
                _ => markdown.push_str(&format!("## {title}\n")),
            }
            continue;
        }
        markdown.push_str(line);
        markdown.push('\n');
    }
    let mut text = String::with_capacity(markdown.len());
    let mut rest = markdown.trim_start_matches('\n');
    while let Some(at) = rest.find(['$', '\\', '`', '\'']) {
        text.push_str(&rest[..at]);
        rest = &rest[at..];
        if let Some(after) = rest.strip_prefix("\\texttt{") {
            let end = after.find('}').unwrap_or(after.len());
            text.push('`');
            text.push_str(&after[..end]);
            text.push('`');
            rest = after.get(end + 1..).unwrap_or_default();
        } else if let Some(after) = rest.strip_prefix('$') {
            // Inline math, copied as it is between tildes.
            let end = after.find('$').unwrap_or(after.len());
            text.push('~');
            text.push_str(&after[..end]);
            text.push('~');
            rest = after.get(end + 1..).unwrap_or_default();
        } else if let Some(after) = rest.strip_prefix("``").or_else(|| rest.strip_prefix("''")) {
            text.push('"');
            rest = after;
        } else {
            let next = rest.chars().next().map_or(1, char::len_utf8);
            text.push_str(&rest[..next]);
            rest = &rest[next..];
        }
    }
    text.push_str(rest);
    let block = |bytes: &[u8]| -> String {
        String::from_utf8_lossy(bytes)
            .lines()
            .map(|line| format!("    {line}\n"))
            .collect()
    };
    format!(
        "{}\n\n## Sample Input\n\n{}\n## Sample Output\n\n{}",
        text.trim_end(),
        block(&sample.input),
        block(&sample.answer)
    )
}

#[cfg(test)]
mod tests {
    use clap::ValueEnum;

    use super::*;
    use crate::problem::Problem;

    #[test]
    fn the_latex_the_statements_use_becomes_dmoj_markdown() {
        let sample = Case {
            folder: "sample",
            name: "1".to_owned(),
            input: b"e2 e4\n".to_vec(),
            answer: b"2\n".to_vec(),
            rule: None,
        };
        let tex = "\\problemname{Knight Moves}\n\nA knight on an $8 \\times 8$ board, \
                   \\texttt{a1} to ``L'' shape.\n\n\\section*{Input}\n\nTwo squares.\n\n\
                   \\section*{Output}\n\nOne line.\n";
        assert_eq!(
            statement(tex, &sample),
            "A knight on an ~8 \\times 8~ board, `a1` to \"L\" shape.\n\n\
             ## Input Specification\n\nTwo squares.\n\n## Output Specification\n\nOne line.\n\n\
             ## Sample Input\n\n    e2 e4\n\n## Sample Output\n\n    2\n"
        );
    }

    /// Every problem's statement, with routes or without: no LaTeX left outside its math, every
    /// math and code span closed, the sections DMOJ's own statements have.
    #[test]
    fn every_statement_is_dmoj_markdown_with_latex_only_in_its_math() {
        for (problem, material) in materials() {
            let sample = Case {
                folder: "sample",
                name: "1".to_owned(),
                input: material.sample.to_vec(),
                answer: b"answer\n".to_vec(),
                rule: None,
            };
            let markdown = statement(material.statement, &sample);
            assert_eq!(
                markdown.matches('~').count() % 2,
                0,
                "{problem:?}: {markdown}"
            );
            assert_eq!(
                markdown.matches('`').count() % 2,
                0,
                "{problem:?}: {markdown}"
            );
            let outside_math: String = markdown.split('~').step_by(2).collect();
            for latex in ['\\', '$', '{', '}'] {
                assert!(
                    !outside_math.contains(latex),
                    "{problem:?}: {latex} outside math: {markdown}"
                );
            }
            for heading in [
                "## Input Specification\n",
                "## Output Specification\n",
                "## Sample Input\n",
                "## Sample Output\n",
            ] {
                assert_eq!(
                    markdown.matches(heading).count(),
                    1,
                    "{problem:?}: {heading}"
                );
            }
        }
    }

    #[test]
    fn every_submission_has_a_language_dmoj_runs() {
        for (problem, material) in materials() {
            for (path, _) in material.submissions {
                assert!(language(path).is_some(), "{problem:?}: {path}");
            }
        }
        assert_eq!(language("accepted/bfs.java"), None);
        assert_eq!(language("accepted/bfs"), None);
    }

    /// Every problem's material, with routes or without.
    fn materials() -> Vec<((Problem, bool), &'static Material)> {
        let mut found = Vec::new();
        for &problem in Problem::value_variants() {
            for routes in [false, true] {
                if let Some(material) = crate::package::material::of(problem, routes) {
                    found.push(((problem, routes), material));
                }
            }
        }
        found
    }
}
