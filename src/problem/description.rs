//! What each judge problem is, declared once: the judges that set it, its input and its
//! answers, which of the answering features mean something for it, how its answers look and
//! which engine answers it by default. The command line refuses a feature a problem has no use
//! for from this description and settles its defaults from it, and `--help`'s Problems section
//! is written from it; adding a problem is its description here and its grammar beside it.

use std::fmt;

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
    /// The features it takes, of those that vary between problems.
    pub takes: &'static [Feature],
    /// Its own answers, as its judge wants them (what `--format sentence` writes).
    pub answers: Shape,
    /// Whether its input is queries of two squares, one answer each (`generate all-pairs`
    /// makes every pair of a board as such queries).
    pub queries_are_pairs: bool,
    /// Which engine answers it when `--algorithm` is not given.
    pub engine: DefaultEngine,
    /// Whether its problem package can be written with routes (`package --path`).
    pub packaged_with_routes: bool,
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

/// An answering feature some problems have no use for, by the option that asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Feature {
    /// Another board than 8×8 (`--board`): the other problems' boards are 8×8 or come from
    /// their input.
    Board,
    /// Another piece than the knight (`--piece`).
    Piece,
    /// The table engine, which knows the knight on 8×8 only (`--algorithm table`): refused
    /// where the boards or pieces change from query to query.
    Table,
    /// Routes with the answers (`--path`).
    Routes,
    /// Answers as rows, objects or traces (`--format tsv|json|trace`).
    Formats,
    /// Pictures of the answers and searches (`--draw`).
    Drawings,
    /// A page replaying the searches (`--report`).
    Report,
    /// The engines' figures (`--stats`).
    Stats,
    /// Every engine run and compared (`--compare`).
    Compare,
}

impl Feature {
    /// Every feature, in the order messages and `--help` name them.
    pub(crate) const ALL: [Feature; 9] = [
        Feature::Board,
        Feature::Piece,
        Feature::Table,
        Feature::Routes,
        Feature::Formats,
        Feature::Drawings,
        Feature::Report,
        Feature::Stats,
        Feature::Compare,
    ];
}

impl fmt::Display for Feature {
    /// The options that ask for the feature, as typed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Feature::Board => "--board",
            Feature::Piece => "--piece",
            Feature::Table => "--algorithm table",
            Feature::Routes => "--path",
            Feature::Formats => "--format",
            Feature::Drawings => "--draw",
            Feature::Report => "--report",
            Feature::Stats => "--stats",
            Feature::Compare => "--compare",
        })
    }
}

impl Problem {
    /// The problem's description.
    pub(crate) fn description(self) -> &'static Description {
        match self {
            Problem::Uva439 => &Description {
                judges: "UVa 439 = POJ 2243 = HDU 1372 = ZOJ 1091",
                summary: "lines `e2 e4`; the judge's sentence",
                takes: &Feature::ALL,
                answers: Shape::Sentence,
                queries_are_pairs: true,
                engine: DefaultEngine::ForTheBoard,
                packaged_with_routes: true,
            },
            Problem::Nakanj => &Description {
                judges: "SPOJ NAKANJ",
                summary: "T, then T lines `e2 e4`; each a number",
                takes: &[
                    Feature::Table,
                    Feature::Routes,
                    Feature::Formats,
                    Feature::Drawings,
                    Feature::Report,
                    Feature::Stats,
                    Feature::Compare,
                ],
                answers: Shape::Number(Naming::AsTyped),
                queries_are_pairs: true,
                engine: DefaultEngine::ForTheBoard,
                packaged_with_routes: false,
            },
            Problem::Poj1915 => &Description {
                judges: "POJ 1915 = Baekjoon 7562",
                summary: "scenarios of a side, `x y`, `x y`; each a number, or -1",
                takes: &[Feature::Routes],
                answers: Shape::Number(Naming::Coordinates),
                queries_are_pairs: true,
                engine: DefaultEngine::ForEachBoardOfTheInput,
                packaged_with_routes: false,
            },
            Problem::CsesGrid => &Description {
                judges: "CSES 3217",
                summary: "n; the moves from a corner to every square",
                takes: &[],
                answers: Shape::Grid(GridKind::Corner),
                queries_are_pairs: false,
                engine: DefaultEngine::ForEachBoardOfTheInput,
                packaged_with_routes: false,
            },
            Problem::Knightl => &Description {
                judges: "HackerRank KnightL",
                summary: "n; each (i,j)-leaper's moves corner to corner",
                takes: &[],
                answers: Shape::Grid(GridKind::Leapers),
                queries_are_pairs: false,
                // Leapers of every shape: the formula answers by closed form where a shortest
                // walk fits the board, and searches from one corner only elsewhere (the
                // mirror search).
                engine: DefaultEngine::Always(Engine::Formula),
                packaged_with_routes: false,
            },
        }
    }

    /// Whether the problem takes `feature`.
    pub(crate) fn takes(self, feature: Feature) -> bool {
        self.description().takes.contains(&feature)
    }

    /// What refuses `feature` for the problem, in one line, sending the reader to the help
    /// that has the Problems section: `--help` from the filter, `knight-moves --help` from
    /// another command.
    pub(crate) fn refusal(self, feature: Feature, from_the_filter: bool) -> String {
        let help = match from_the_filter {
            true => "--help",
            false => "knight-moves --help",
        };
        format!(
            "{feature} does not go with --problem {} (see Problems in {help})",
            self.name()
        )
    }

    /// The problem's line in `--help`'s Problems: its name, judges and summary, and which of
    /// the features ([`Feature::ALL`]) it takes.
    pub(crate) fn help(self) -> String {
        let description = self.description();
        let named = |features: Vec<Feature>| {
            let names: Vec<String> = features.iter().map(ToString::to_string).collect();
            names.join(", ")
        };
        let (taken, refused): (Vec<Feature>, Vec<Feature>) = Feature::ALL
            .into_iter()
            .partition(|feature| self.takes(*feature));
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
