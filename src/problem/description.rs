//! What each judge problem is, declared once: the judges that set it, its input and its
//! answers, how its answers look and which engine answers it by default, and which of the
//! options some problems refuse it takes ([`REFUSABLE`]). The command line refuses an option a
//! problem has no use for from this description and settles its defaults from it, and
//! `--help`'s Problems section is written from it; adding a problem is its description here
//! and its grammar beside it.

use crate::engine::Engine;
use crate::format::Shape;
use crate::format::grid::GridKind;
use crate::format::number::Naming;
use crate::problem::Problem;

/// A problem as the user meets it.
#[derive(Debug)]
pub(crate) struct Description {
    /// The judges that set it, the first the problem's name.
    pub judges: &'static str,
    /// Its input and answers, in a few words.
    pub summary: &'static str,
    /// Its own answers, as its judge wants them (what `--format sentence` writes).
    pub answers: Shape,
    /// Whether its input is queries of two squares, one answer each (`generate all-pairs`
    /// makes every pair of a board as such queries).
    pub queries_are_pairs: bool,
    /// Which engine answers it when `--algorithm` is not given.
    pub engine: DefaultEngine,
}

/// The engine that answers a problem unless `--algorithm` says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DefaultEngine {
    /// The fastest for the board and piece given on the command line.
    ForTheBoard,
    /// The fastest for each board the input names (each scenario's side, each grid's n).
    ForEachBoardOfTheInput,
    /// This one, always.
    Always(Engine),
}

/// An option some problems have no use for, and the problems that take it: one line of
/// [`REFUSABLE`] each. The command line refuses it, wherever a command has it, for every other
/// problem, in one place, from this table alone: an option that some problem refuses is its
/// clap field and its line here.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Refusable {
    /// The id of the option's argument in clap's definition (its field's name).
    pub id: &'static str,
    /// The option as typed, as messages and `--help` name it: `--board`, `--algorithm table`.
    pub shown: &'static str,
    /// The value that asks for what some problems refuse (`--algorithm table`), or `None`
    /// for any value but the option's default.
    pub value: Option<&'static str>,
    /// The problems that take it.
    pub taken_by: &'static [Problem],
    /// What a refusal says, where it is not that the problem has no use for the option
    /// (`{problem}` stands for its name); such an option is left out of `--help`'s
    /// Problems, which lists what each problem takes of the answering options.
    pub refusal: Option<&'static str>,
}

use Problem::{Nakanj as N, Poj1915 as P, Uva439 as U};

/// The options some problems refuse, each with the problems that take it, in the order
/// messages and `--help` name them.
pub(crate) const REFUSABLE: &[Refusable] = &[
    refusable("board", None, "--board", &[U]),
    refusable("piece", None, "--piece", &[U]),
    refusable("algorithm", Some("table"), "--algorithm table", &[U, N]),
    PATH,
    refusable("format", None, "--format", &[U, N]),
    refusable("draw", None, "--draw", &[U, N]),
    refusable("report", None, "--report", &[U, N]),
    refusable("stats", None, "--stats", &[U, N]),
    refusable("compare", None, "--compare", &[U, N]),
    PACKAGED_ROUTES,
];

/// `--path`, routes in the answers: the line of [`REFUSABLE`] the judging asks of
/// ([`Problem::takes`]).
pub(crate) const PATH: Refusable = refusable("path", None, "--path", &[U, N, P]);

/// `package --path`: the packages with routes have their own submissions and statement.
pub(crate) const PACKAGED_ROUTES: Refusable = Refusable {
    refusal: Some(
        "--path writes UVa 439's variant with routes only, so far: not --problem {problem}'s",
    ),
    ..refusable("packaged_routes", None, "--path", &[U])
};

/// A line of [`REFUSABLE`] whose refusal says the problem has no use for the option.
const fn refusable(
    id: &'static str,
    value: Option<&'static str>,
    shown: &'static str,
    taken_by: &'static [Problem],
) -> Refusable {
    Refusable {
        id,
        shown,
        value,
        taken_by,
        refusal: None,
    }
}

impl Problem {
    /// The problem's description.
    pub(crate) fn description(self) -> &'static Description {
        match self {
            Problem::Uva439 => &Description {
                judges: "UVa 439 = POJ 2243 = HDU 1372 = ZOJ 1091",
                summary: "lines `e2 e4`; the judge's sentence",
                answers: Shape::Sentence,
                queries_are_pairs: true,
                engine: DefaultEngine::ForTheBoard,
            },
            Problem::Nakanj => &Description {
                judges: "SPOJ NAKANJ",
                summary: "T, then T lines `e2 e4`; each a number",
                answers: Shape::Number(Naming::AsTyped),
                queries_are_pairs: true,
                engine: DefaultEngine::ForTheBoard,
            },
            Problem::Poj1915 => &Description {
                judges: "POJ 1915 = Baekjoon 7562",
                summary: "scenarios of a side, `x y`, `x y`; each a number, or -1",
                answers: Shape::Number(Naming::Coordinates),
                queries_are_pairs: true,
                engine: DefaultEngine::ForEachBoardOfTheInput,
            },
            Problem::CsesGrid => &Description {
                judges: "CSES 3217",
                summary: "n; the moves from a corner to every square",
                answers: Shape::Grid(GridKind::Corner),
                queries_are_pairs: false,
                engine: DefaultEngine::ForEachBoardOfTheInput,
            },
            Problem::Knightl => &Description {
                judges: "HackerRank KnightL",
                summary: "n; each (i,j)-leaper's moves corner to corner",
                answers: Shape::Grid(GridKind::Leapers),
                queries_are_pairs: false,
                // Leapers of every shape: the formula answers by closed form where a shortest
                // walk fits the board, and searches from one corner only elsewhere (the
                // mirror search).
                engine: DefaultEngine::Always(Engine::Formula),
            },
        }
    }

    /// Whether the problem takes `option`, a line of [`REFUSABLE`] ([`PATH`],
    /// [`PACKAGED_ROUTES`]): an option no problem refuses has no line to ask of.
    pub(crate) fn takes(self, option: &Refusable) -> bool {
        option.taken_by.contains(&self)
    }

    /// What refuses `option` for the problem, in one line, sending the reader to the help
    /// that has the Problems section: `--help` from the filter, `knight-moves --help` from
    /// another command.
    pub(crate) fn refusal(self, option: &Refusable, from_the_filter: bool) -> String {
        if let Some(refusal) = option.refusal {
            return refusal.replace("{problem}", self.name());
        }
        let help = match from_the_filter {
            true => "--help",
            false => "knight-moves --help",
        };
        format!(
            "{} does not go with --problem {} (see Problems in {help})",
            option.shown,
            self.name()
        )
    }

    /// The options some problems refuse, as `--help`'s Problems names them.
    pub(crate) fn refusable_in_help() -> impl Iterator<Item = &'static Refusable> {
        REFUSABLE
            .iter()
            .filter(|refusable| refusable.refusal.is_none())
    }

    /// The problem's line in `--help`'s Problems: its name, judges and summary, and which of
    /// the options some refuse it takes.
    pub(crate) fn help(self) -> String {
        let description = self.description();
        let named = |options: Vec<&Refusable>| {
            let names: Vec<&str> = options.iter().map(|option| option.shown).collect();
            names.join(", ")
        };
        let (taken, refused): (Vec<&Refusable>, Vec<&Refusable>) =
            Problem::refusable_in_help().partition(|option| option.taken_by.contains(&self));
        let takes = match (taken.len(), refused.len()) {
            (_, 0) => "all".to_owned(),
            (0, _) => "none".to_owned(),
            (taken_count, refused_count) if refused_count < taken_count => {
                format!("all but {}", named(refused))
            }
            _ => format!("{} only", named(taken)),
        };
        format!(
            "  {:<10} {}: {}; {takes}",
            self.name(),
            description.judges,
            description.summary
        )
    }
}
