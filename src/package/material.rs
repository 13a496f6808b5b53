//! What each problem's package holds that knight-moves does not compute: its name and
//! source, the statement, the original judge's sample, the submissions written for it, which
//! cases its secret data holds, and the hand-made inputs and outputs a validator must reject or
//! accept (the 2025-09 format's `invalid_input`, `valid_output` and `invalid_output`). The
//! files live beside this one, a folder a problem, put in by `include_str!`.

use crate::problem::Problem;
use crate::problem::cases::Inputs;

/// One problem's material.
pub(crate) struct Material {
    /// What problem.yaml's first comment calls it: the judge and its aliases.
    pub described: &'static str,
    /// problem.yaml's `name`.
    pub name: &'static str,
    /// problem.yaml's `source`: where the problem was first set.
    pub source: &'static str,
    /// The 2025-09 format's time limit, in seconds (problemtools sets the legacy one from
    /// the slowest right submission).
    pub time_limit: u32,
    /// `problem.en.tex`.
    pub statement: &'static str,
    /// The original judge's sample input (its answer is knight-moves').
    pub sample: &'static [u8],
    /// The submissions, by their path under `submissions/`: the folder says what the judge
    /// must make of each.
    pub submissions: &'static [(&'static str, &'static str)],
    /// The secret cases, in order (numbered from 01 in their files' names).
    pub secret: &'static [Secret],
    /// Inputs a strict validator must reject: name, input.
    pub invalid_inputs: &'static [(&'static str, &'static str)],
    /// Outputs the default validator's leniency accepts: name, input, output.
    pub valid_outputs: &'static [(&'static str, &'static str, &'static str)],
    /// Outputs that are wrong: name, input, output.
    pub invalid_outputs: &'static [(&'static str, &'static str, &'static str)],
}

/// One secret case's input.
pub(crate) enum Secret {
    /// Made by `--generate`: a random input of `cases` queries from the seed BAPCtools gives
    /// its command (named in the file's name, so that `knight-moves --generate input-random
    /// --cases N --seed S` makes it again), or the fixed inputs.
    Generated {
        name: &'static str,
        inputs: Inputs,
        cases: u64,
    },
    /// Given here.
    Given {
        name: &'static str,
        input: &'static str,
    },
}

/// The material of `problem`'s package, with routes (`--path`) or without; `None` for the
/// problems not packaged yet.
pub(crate) fn of(problem: Problem, routes: bool) -> Option<&'static Material> {
    match (problem, routes) {
        (Problem::Uva439, false) => Some(&UVA439),
        (Problem::Uva439, true) => Some(&UVA439_ROUTES),
        _ => None,
    }
}

/// UVa 439's secret cases: the ones that break solutions, every pair, random ones of three
/// sizes, and one query alone.
const UVA439_SECRET: &[Secret] = &[
    Secret::Generated {
        name: "hard",
        inputs: Inputs::Hard,
        cases: 0,
    },
    Secret::Generated {
        name: "every-pair",
        inputs: Inputs::AllPairs,
        cases: 0,
    },
    Secret::Generated {
        name: "random-100",
        inputs: Inputs::Random,
        cases: 100,
    },
    Secret::Generated {
        name: "random-1000",
        inputs: Inputs::Random,
        cases: 1000,
    },
    Secret::Generated {
        name: "random-5000",
        inputs: Inputs::Random,
        cases: 5000,
    },
    Secret::Given {
        name: "one-line",
        input: "h8 a1\n",
    },
];

/// Inputs UVa 439's validator must reject.
const UVA439_INVALID_INPUTS: &[(&str, &str)] = &[
    ("blank-line", "a1 b2\n\ne2 e4\n"),
    ("crlf", "a1 b2\r\n"),
    ("file-off-the-board", "i1 a1\n"),
    ("no-final-newline", "a1 b2"),
    ("one-square", "a1\n"),
    ("rank-off-the-board", "a9 a1\n"),
    ("rank-zero", "a0 a1\n"),
    ("tab", "a1\tb2\n"),
    ("three-squares", "a1 b2 c3\n"),
    ("two-spaces", "a1  b2\n"),
    ("upper-case", "A1 b2\n"),
];

const UVA439: Material = Material {
    described: "UVa 439 (also POJ 2243, HDU 1372, ZOJ 1091)",
    name: "Knight Moves",
    source: "University of Ulm Local Contest 1996",
    time_limit: 3,
    statement: include_str!("uva439/problem.en.tex"),
    sample: include_bytes!("uva439/sample.in"),
    submissions: &[
        ("accepted/bfs.cpp", include_str!("uva439/bfs.cpp")),
        ("accepted/bfs.py", include_str!("uva439/bfs.py")),
        (
            "accepted/closed_form.py",
            include_str!("uva439/closed_form.py"),
        ),
        (
            "wrong_answer/no_edges.py",
            include_str!("uva439/no_edges.py"),
        ),
        (
            "wrong_answer/off_by_one.py",
            include_str!("uva439/off_by_one.py"),
        ),
    ],
    secret: UVA439_SECRET,
    invalid_inputs: UVA439_INVALID_INPUTS,
    valid_outputs: &[
        (
            "spaces-and-line-breaks",
            "e2 e4\na1 b2\n",
            "  To get from e2 to e4\ttakes 2 knight moves.   To get\nfrom a1 to b2 takes 4 knight\n\nmoves.",
        ),
        (
            "upper-case-and-crlf",
            "e2 e4\na1 b2\n",
            "TO GET FROM E2 TO E4 TAKES 2 KNIGHT MOVES.\r\nTO GET FROM A1 TO B2 TAKES 4 KNIGHT MOVES.\r\n",
        ),
    ],
    invalid_outputs: &[
        (
            "corner-in-two",
            "a1 b2\n",
            "To get from a1 to b2 takes 2 knight moves.\n",
        ),
        (
            "line-extra",
            "e2 e4\n",
            "To get from e2 to e4 takes 2 knight moves.\nTo get from e2 to e4 takes 2 knight moves.\n",
        ),
        (
            "line-missing",
            "e2 e4\na1 h8\n",
            "To get from e2 to e4 takes 2 knight moves.\n",
        ),
        (
            "sentence-changed",
            "e2 e4\n",
            "To go from e2 to e4 takes 2 knight moves.\n",
        ),
        (
            "squares-swapped",
            "a1 b2\n",
            "To get from b2 to a1 takes 4 knight moves.\n",
        ),
    ],
};

/// UVa 439 asking for a shortest route too, any one of them: the output validator judges
/// each route as any shortest route.
const UVA439_ROUTES: Material = Material {
    described: "UVa 439 with a shortest route asked for, any one (--path)",
    name: "Knight Moves with a Route",
    statement: include_str!("uva439/problem-route.en.tex"),
    submissions: &[
        (
            "accepted/route_bfs.cpp",
            include_str!("uva439/route_bfs.cpp"),
        ),
        ("accepted/route_bfs.py", include_str!("uva439/route_bfs.py")),
        (
            "wrong_answer/route_detour.py",
            include_str!("uva439/route_detour.py"),
        ),
        (
            "wrong_answer/route_no_edges.py",
            include_str!("uva439/route_no_edges.py"),
        ),
    ],
    valid_outputs: &[
        (
            "another-route",
            "a1 h8\n",
            "To get from a1 to h8 takes 6 knight moves: a1 c2 e3 g4 h6 f7 h8.\n",
        ),
        (
            "spaces-case-and-crlf",
            "e2 e4\n",
            "TO GET FROM E2 TO E4 TAKES 2 KNIGHT MOVES:  E2 C3\nE4.\r\n",
        ),
    ],
    invalid_outputs: &[
        (
            "corner-in-two",
            "a1 b2\n",
            "To get from a1 to b2 takes 2 knight moves: a1 c0 b2.\n",
        ),
        (
            "not-a-move",
            "e2 e4\n",
            "To get from e2 to e4 takes 2 knight moves: e2 f4 e4.\n",
        ),
        (
            "longer-than-the-fewest",
            "e2 e4\n",
            "To get from e2 to e4 takes 2 knight moves: e2 g3 h5 g3 e4.\n",
        ),
        (
            "ends-elsewhere",
            "e2 e4\n",
            "To get from e2 to e4 takes 2 knight moves: e2 g3 f5.\n",
        ),
        (
            "route-missing",
            "e2 e4\n",
            "To get from e2 to e4 takes 2 knight moves.\n",
        ),
    ],
    ..UVA439
};
