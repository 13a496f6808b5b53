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
    /// the slowest right submission): far enough from every submission's time that BAPCtools
    /// finds none "sensitive to the time limit" (within a factor of 1.5 of it) on a loaded
    /// machine, where the slow submissions run for minutes.
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
    /// Made by `generate`: a random input of `cases` queries from the seed BAPCtools gives
    /// its command (named in the file's name, so that `knight-moves generate random
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
        (Problem::Nakanj, false) => Some(&NAKANJ),
        (Problem::Poj1915, false) => Some(&POJ1915),
        (Problem::CsesGrid, false) => Some(&CSES_GRID),
        (Problem::Knightl, false) => Some(&KNIGHTL),
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

/// NAKANJ's secret cases: the hard ones, every pair (4096, its largest T), random ones.
const NAKANJ_SECRET: &[Secret] = &[
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
        name: "random-4096",
        inputs: Inputs::Random,
        cases: 4096,
    },
];

/// POJ 1915's secret cases: every pair of 8x8, and hand-made ones within its sides of 4 to
/// 300 (as `generate`'s hard and random inputs do, within the limits).
const POJ1915_SECRET: &[Secret] = &[
    Secret::Generated {
        name: "every-pair-of-8x8",
        inputs: Inputs::AllPairs,
        cases: 0,
    },
    Secret::Given {
        name: "hard",
        input: include_str!("poj1915/secret/hard.in"),
    },
    Secret::Given {
        name: "largest-boards",
        input: include_str!("poj1915/secret/largest-boards.in"),
    },
    Secret::Given {
        name: "every-pair-of-sides-4-to-6",
        input: include_str!("poj1915/secret/every-pair-of-sides-4-to-6.in"),
    },
    Secret::Given {
        name: "every-ninth-side",
        input: include_str!("poj1915/secret/every-ninth-side.in"),
    },
    Secret::Given {
        name: "corner",
        input: include_str!("poj1915/secret/corner.in"),
    },
];

/// CSES 3217's secret cases: small boards one by one (n = 4 breaks an off-by-one edge), and
/// the largest.
const CSES_GRID_SECRET: &[Secret] = &[
    Secret::Given {
        name: "n-4",
        input: "4\n",
    },
    Secret::Given {
        name: "n-5",
        input: "5\n",
    },
    Secret::Given {
        name: "n-6",
        input: "6\n",
    },
    Secret::Given {
        name: "n-7",
        input: "7\n",
    },
    Secret::Given {
        name: "n-9",
        input: "9\n",
    },
    Secret::Given {
        name: "n-10",
        input: "10\n",
    },
    Secret::Given {
        name: "n-16",
        input: "16\n",
    },
    Secret::Given {
        name: "n-25",
        input: "25\n",
    },
    Secret::Given {
        name: "n-100",
        input: "100\n",
    },
    Secret::Given {
        name: "n-999",
        input: "999\n",
    },
    Secret::Given {
        name: "n-1000",
        input: "1000\n",
    },
];

/// KnightL's secret cases: every n it allows, 5 to 25.
const KNIGHTL_SECRET: &[Secret] = &[
    Secret::Given {
        name: "n-6",
        input: "6\n",
    },
    Secret::Given {
        name: "n-7",
        input: "7\n",
    },
    Secret::Given {
        name: "n-8",
        input: "8\n",
    },
    Secret::Given {
        name: "n-9",
        input: "9\n",
    },
    Secret::Given {
        name: "n-10",
        input: "10\n",
    },
    Secret::Given {
        name: "n-11",
        input: "11\n",
    },
    Secret::Given {
        name: "n-12",
        input: "12\n",
    },
    Secret::Given {
        name: "n-13",
        input: "13\n",
    },
    Secret::Given {
        name: "n-14",
        input: "14\n",
    },
    Secret::Given {
        name: "n-15",
        input: "15\n",
    },
    Secret::Given {
        name: "n-16",
        input: "16\n",
    },
    Secret::Given {
        name: "n-17",
        input: "17\n",
    },
    Secret::Given {
        name: "n-18",
        input: "18\n",
    },
    Secret::Given {
        name: "n-19",
        input: "19\n",
    },
    Secret::Given {
        name: "n-20",
        input: "20\n",
    },
    Secret::Given {
        name: "n-21",
        input: "21\n",
    },
    Secret::Given {
        name: "n-22",
        input: "22\n",
    },
    Secret::Given {
        name: "n-23",
        input: "23\n",
    },
    Secret::Given {
        name: "n-24",
        input: "24\n",
    },
    Secret::Given {
        name: "n-25",
        input: "25\n",
    },
];

const NAKANJ: Material = Material {
    described: "SPOJ NAKANJ",
    name: "Minimum Knight Moves",
    source: "SPOJ NAKANJ",
    time_limit: 3,
    statement: include_str!("nakanj/problem.en.tex"),
    sample: include_bytes!("nakanj/sample.in"),
    submissions: &[
        ("accepted/bfs.cpp", include_str!("nakanj/accepted/bfs.cpp")),
        ("accepted/bfs.py", include_str!("nakanj/accepted/bfs.py")),
        (
            "accepted/closed_form.py",
            include_str!("nakanj/accepted/closed_form.py"),
        ),
        (
            "wrong_answer/no_edges.py",
            include_str!("nakanj/wrong_answer/no_edges.py"),
        ),
        (
            "wrong_answer/stale_visited.py",
            include_str!("nakanj/wrong_answer/stale_visited.py"),
        ),
    ],
    secret: NAKANJ_SECRET,
    invalid_inputs: &[
        ("count-too-small", "2\na1 h8\na1 c2\nh8 c3\n"),
        ("count-zero", "0\n"),
        ("count-too-large", "4097\na1 h8\n"),
        ("leading-zero", "01\na1 h8\n"),
        ("crlf", "1\r\na1 h8\r\n"),
        ("upper-case", "1\nA1 h8\n"),
        ("off-the-board", "1\na9 h8\n"),
    ],
    valid_outputs: &[("spaces-and-line-breaks", "2\na1 h8\ne2 e4\n", "6\n\n  2   ")],
    invalid_outputs: &[
        ("corner-in-two", "1\na1 b2\n", "2\n"),
        ("answer-missing", "2\na1 h8\ne2 e4\n", "6\n"),
    ],
};

const POJ1915: Material = Material {
    described: "POJ 1915 (also Baekjoon 7562)",
    name: "Knight Moves",
    source: "POJ 1915",
    time_limit: 8,
    statement: include_str!("poj1915/problem.en.tex"),
    sample: include_bytes!("poj1915/sample.in"),
    submissions: &[
        ("accepted/bfs.cpp", include_str!("poj1915/accepted/bfs.cpp")),
        ("accepted/bfs.py", include_str!("poj1915/accepted/bfs.py")),
        (
            "accepted/closed_form.py",
            include_str!("poj1915/accepted/closed_form.py"),
        ),
        (
            "time_limit_exceeded/scan_not_heap.py",
            include_str!("poj1915/time_limit_exceeded/scan_not_heap.py"),
        ),
        (
            "wrong_answer/off_by_one.py",
            include_str!("poj1915/wrong_answer/off_by_one.py"),
        ),
        (
            "wrong_answer/same_square.py",
            include_str!("poj1915/wrong_answer/same_square.py"),
        ),
    ],
    secret: POJ1915_SECRET,
    invalid_inputs: &[
        ("side-too-small", "1\n3\n0 0\n1 1\n"),
        ("side-too-large", "1\n301\n0 0\n1 1\n"),
        ("off-the-board", "1\n8\n0 8\n1 1\n"),
        ("negative", "1\n8\n-1 0\n1 1\n"),
        ("count-too-large", "2\n8\n0 0\n7 0\n"),
        ("leading-zero", "1\n08\n0 0\n7 0\n"),
        ("two-spaces", "1\n8\n0  0\n7 0\n"),
    ],
    valid_outputs: &[("spaces", "1\n8\n0 0\n7 0\n", " 5 ")],
    invalid_outputs: &[("same-square-in-two", "1\n8\n3 3\n3 3\n", "2\n")],
};

const CSES_GRID: Material = Material {
    described: "CSES 3217",
    name: "Knight Moves Grid",
    source: "CSES Problem Set",
    time_limit: 8,
    statement: include_str!("cses_grid/problem.en.tex"),
    sample: include_bytes!("cses_grid/sample.in"),
    submissions: &[
        (
            "accepted/bfs.cpp",
            include_str!("cses_grid/accepted/bfs.cpp"),
        ),
        ("accepted/bfs.py", include_str!("cses_grid/accepted/bfs.py")),
        (
            "accepted/closed_form.py",
            include_str!("cses_grid/accepted/closed_form.py"),
        ),
        (
            "time_limit_exceeded/bfs_per_square.py",
            include_str!("cses_grid/time_limit_exceeded/bfs_per_square.py"),
        ),
        (
            "wrong_answer/no_edges.py",
            include_str!("cses_grid/wrong_answer/no_edges.py"),
        ),
        (
            "wrong_answer/off_by_one.py",
            include_str!("cses_grid/wrong_answer/off_by_one.py"),
        ),
        (
            "wrong_answer/stack_not_queue.py",
            include_str!("cses_grid/wrong_answer/stack_not_queue.py"),
        ),
    ],
    secret: CSES_GRID_SECRET,
    invalid_inputs: &[
        ("too-small", "3\n"),
        ("too-large", "1001\n"),
        ("leading-zero", "08\n"),
        ("two-numbers", "8 8\n"),
        ("no-final-newline", "8"),
        ("blank-line-first", "\n8\n"),
    ],
    valid_outputs: &[(
        "spaces-and-line-breaks",
        "4\n",
        "0 3 2 5 3 4 1 2\n2  1 4 3\n5 2 3 2",
    )],
    invalid_outputs: &[
        (
            "corner-in-two",
            "4\n",
            "0 3 2 5\n3 2 1 2\n2 1 4 3\n5 2 3 2\n",
        ),
        ("row-missing", "4\n", "0 3 2 5\n3 4 1 2\n2 1 4 3\n"),
    ],
};

const KNIGHTL: Material = Material {
    described: "HackerRank KnightL on a Chessboard",
    name: "KnightL on a Chessboard",
    source: "HackerRank",
    time_limit: 3,
    statement: include_str!("knightl/problem.en.tex"),
    sample: include_bytes!("knightl/sample.in"),
    submissions: &[
        ("accepted/bfs.cpp", include_str!("knightl/accepted/bfs.cpp")),
        ("accepted/bfs.py", include_str!("knightl/accepted/bfs.py")),
        (
            "wrong_answer/four_jumps.py",
            include_str!("knightl/wrong_answer/four_jumps.py"),
        ),
        (
            "wrong_answer/no_minus_one.py",
            include_str!("knightl/wrong_answer/no_minus_one.py"),
        ),
    ],
    secret: KNIGHTL_SECRET,
    invalid_inputs: &[
        ("too-small", "4\n"),
        ("too-large", "26\n"),
        ("leading-zero", "05\n"),
        ("two-lines", "5\n5\n"),
        ("crlf", "5\r\n"),
    ],
    valid_outputs: &[(
        "spaces-and-line-breaks",
        "5\n",
        "4 4 2 8 4 2 4 4\n2 4 -1 -1   8 4 -1 1",
    )],
    invalid_outputs: &[(
        "no-minus-one",
        "5\n",
        "4 4 2 8\n4 2 4 4\n2 4 0 0\n8 4 0 1\n",
    )],
};

#[cfg(test)]
mod tests {
    use clap::ValueEnum;

    use super::*;
    use crate::problem::description::PACKAGED_ROUTES;

    /// Each problem's description says what the command line lets `package` ask for: a
    /// package with routes exactly where there is material for one, one without routes always.
    #[test]
    fn the_descriptions_say_which_packages_there_is_material_for() {
        for &problem in Problem::value_variants() {
            assert!(of(problem, false).is_some(), "{problem:?}");
            let with_routes = problem.takes(&PACKAGED_ROUTES);
            assert_eq!(of(problem, true).is_some(), with_routes, "{problem:?}");
        }
    }
}
